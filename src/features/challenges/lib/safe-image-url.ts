import { imageSource } from '../../site/lib/safe-urls';

/**
 * Meal images and feed covers ship with the app (root-relative paths such as
 * /meals/idli.svg); anything else must pass DESIGN §7's https rule.
 */
export function appImageSource(value: unknown): string | null {
  if (typeof value === 'string' && /^\/(?![/\\])/.test(value)) return value;
  return imageSource(value);
}
