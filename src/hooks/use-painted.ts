import { useEffect, useState } from 'react';
import { afterNextPaint } from '@/lib/after-next-paint';

/**
 * False on the first render, true once the browser has painted it. A page's secondary images start then: on a
 * phone's connection every parallel download takes its share of the bandwidth and of the six connections the
 * first paint's code and data need (docs/performance.md, "Issue 15").
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let mounted = true;
    afterNextPaint(() => {
      if (mounted) setPainted(true);
    });
    return () => {
      mounted = false;
    };
  }, []);
  return painted;
}
