import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Scrolls to the element named by the address's #hash once the page is rendered (links to a help section). */
export function useScrollToHash(ready = true): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || !hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [ready, hash]);
}
