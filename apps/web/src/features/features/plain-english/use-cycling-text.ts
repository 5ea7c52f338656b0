import { useEffect, useState } from 'react';

/** One text after the other every `everyMs` while `running`, from the first again at each start. */
export function useCyclingText(texts: readonly string[], running: boolean, everyMs = 1500): string {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (!running) return;
    setIndex(0);
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % texts.length), everyMs);
    return () => window.clearInterval(timer);
  }, [running, texts.length, everyMs]);
  return texts[index] ?? '';
}
