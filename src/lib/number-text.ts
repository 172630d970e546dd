/**
 * An integer grouped as `toLocaleString('en-IN')` groups it ("12,34,567": thousands, then pairs), written
 * by hand: a page's first Intl formatter sets up ICU in one long task (~40 ms unthrottled), which the
 * challenge page's first render paid for its calorie figures (docs/performance.md, "How the main thread is
 * spent").
 */
export function indianGrouped(value: number): string {
  const rounded = Math.round(value);
  const digits = String(Math.abs(rounded));
  const last3 = digits.slice(-3);
  const rest = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${rounded < 0 ? '-' : ''}${rest ? `${rest},` : ''}${last3}`;
}
