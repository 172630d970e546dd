/**
 * docs/product.md#routes-and-screens: user-provided URLs are rendered only when they are https, so a
 * stored `javascript:` or `data:` value can never become a live link.
 */
export function httpsLink(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Image sources: https, or http from this machine (the local Storage emulator serves plain http). */
export function imageSource(value: unknown): string | null {
  const secure = httpsLink(value);
  if (secure) return secure;
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname) ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Meal images and feed covers ship with the app (root-relative paths such as
 * /meals/idli.svg); anything else must pass the https rule above.
 */
export function appImageSource(value: unknown): string | null {
  if (typeof value === 'string' && /^\/(?![/\\])/.test(value)) return value;
  return imageSource(value);
}
