import { UI } from '@stepwise/shared';
import { useCallback, useEffect, useState } from 'react';

/** Open by default above 1445 px, collapses itself below 1260 px, toggled by ctrl/cmd+B. */
export function useSidebarState() {
  const [open, setOpen] = useState(() => window.innerWidth > UI.sidebarOpenAbove);
  const toggle = useCallback(() => setOpen((o) => !o), []);

  useEffect(() => {
    const onResize = () => {
      if (window.innerWidth < UI.sidebarCollapseBelow) setOpen(false);
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'b') {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggle]);

  return { open, toggle };
}
