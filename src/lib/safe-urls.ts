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

/**
 * The local Storage emulator serves plain http from this machine: an allowance for emulator builds
 * only. The build replaces the condition with a constant, so a production bundle holds an empty list
 * (tests/build/production-build.test.ts): there, every viewer's browser would request its own machine.
 */
const EMULATOR_LOOPBACK_HOSTS: readonly string[] =
  import.meta.env.VITE_USE_EMULATORS === 'true' ? ['127.0.0.1', 'localhost', '[::1]'] : [];

/** Image sources: https, or, in an emulator build, http from this machine. */
export function imageSource(
  value: unknown,
  loopbackHosts: readonly string[] = EMULATOR_LOOPBACK_HOSTS,
): string | null {
  const secure = httpsLink(value);
  if (secure) return secure;
  if (typeof value !== 'string' || loopbackHosts.length === 0) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' && loopbackHosts.includes(url.hostname) ? url.href : null;
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
