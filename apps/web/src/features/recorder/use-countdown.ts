import { useEffect, useState } from 'react';

/** Counts down once a second from `seconds` while running; `onDone` fires at zero. */
export function useCountdown(seconds: number, onDone: () => void) {
  const [left, setLeft] = useState(seconds);
  const [running, setRunning] = useState(true);

  useEffect(() => {
    if (!running) return;
    if (left <= 0) {
      setRunning(false);
      onDone();
      return;
    }
    const timer = setTimeout(() => setLeft((l) => l - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, running, onDone]);

  return { left, running, cancel: () => setRunning(false) };
}
