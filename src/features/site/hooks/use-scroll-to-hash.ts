import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Client-side navigation does not jump to #fragments by itself (the footer links to /about#privacy). */
export function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
  }, [hash]);
}
