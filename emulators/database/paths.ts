/** Keys and paths of the database: which keys are valid, and paths as segment lists. */
import { DataError } from './nodes';

// eslint-disable-next-line no-control-regex -- keys may not contain ASCII control characters
const INVALID_KEY = /[.#$[\]/\u0000-\u001f\u007f]/;

export function isValidKey(key: string): boolean {
  return key.length > 0 && !INVALID_KEY.test(key) && Buffer.byteLength(key, 'utf8') <= 768;
}

/** Parses a wire/REST path ("/a/b", "a/b/", "/") into segments; throws DataError if invalid. */
export function parsePath(path: unknown): string[] {
  if (typeof path !== 'string') throw new DataError('Invalid path');
  const segs = path.split('/').filter((s) => s.length > 0);
  segs.forEach((s, i) => {
    if (s === '.priority' && i === segs.length - 1) return;
    if (!isValidKey(s)) throw new DataError(`Invalid path "${path}": key "${s}" is not allowed`);
  });
  if (segs.length > 32) throw new DataError(`Invalid path "${path}": too deep`);
  return segs;
}

export function pathString(segs: readonly string[]): string {
  return '/' + segs.join('/');
}

export function isPrefix(prefix: readonly string[], path: readonly string[]): boolean {
  if (prefix.length > path.length) return false;
  for (let i = 0; i < prefix.length; i++) if (prefix[i] !== path[i]) return false;
  return true;
}
