import { MONTH_NAMES } from './calendar-words';

/**
 * docs/product.md#constants-and-limits: cards display times like "h:mm a MMM d, y" (en-US), in the device's
 * zone. Written by hand, not with Intl: a page's first Intl formatter costs one long task of ICU set-up
 * (~40 ms unthrottled, ~160 ms at 4× CPU), which the feed's first render paid (docs/performance.md, "How the
 * main thread is spent").
 */
export function cardTime(epochMs: number | undefined): string | null {
  if (typeof epochMs !== 'number' || !Number.isFinite(epochMs)) return null;
  const date = new Date(epochMs);
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'} ${cardDate(epochMs)}`;
}

/** The day part alone, "MMM d, y" (en-US, the device's zone): the sidebar's recent posts. */
export function cardDate(epochMs: number): string {
  const date = new Date(epochMs);
  return `${MONTH_NAMES[date.getMonth()].slice(0, 3)} ${date.getDate()}, ${date.getFullYear()}`;
}
