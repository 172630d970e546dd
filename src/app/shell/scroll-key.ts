import type { Location } from 'react-router-dom';

/**
 * The key ScrollRestoration saves and restores positions under. Every page load's first history entry has the
 * key "default", so by key alone a fresh load of /about#privacy restored the position saved when another
 * page was left, after the page had scrolled to #privacy, and it opened at the top. A load's first entry is
 * keyed by its address instead (a reload still comes back to where it was); in-app entries keep their own key.
 */
export function scrollKey(location: Location): string {
  return location.key === 'default'
    ? `${location.pathname}${location.search}${location.hash}`
    : location.key;
}
