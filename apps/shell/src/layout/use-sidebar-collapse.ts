// Sidebar collapse: collapsed on narrow windows (≤ 600 px) or when the status says so by default;
// the user can still toggle it.
import { MOBILE_BREAKPOINT } from '@switchyard/contracts';
import { useEffect, useState } from 'react';

const isNarrow = (): boolean => window.innerWidth <= MOBILE_BREAKPOINT;

export function useSidebarCollapse(defaultCollapse: boolean) {
  const [collapsed, setCollapsed] = useState(() => isNarrow() || defaultCollapse);

  useEffect(() => {
    setCollapsed(isNarrow() || defaultCollapse);
  }, [defaultCollapse]);

  useEffect(() => {
    let narrow = isNarrow();
    const onResize = () => {
      const next = isNarrow();
      if (next === narrow) return;
      narrow = next;
      setCollapsed(next || defaultCollapse);
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [defaultCollapse]);

  return [collapsed, setCollapsed] as const;
}
