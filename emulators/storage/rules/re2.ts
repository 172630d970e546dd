/** RE2 patterns (what rules use) as JavaScript regular expressions, refusing what RE2 does not accept. */
import { EvalError } from './values';

const regexCache = new Map<string, RegExp>();

/**
 * Translates an RE2 pattern to a JS RegExp. By default anchored for full-match semantics (as
 * string.matches() does); split/replace search unanchored.
 */
export function compileRe2(pattern: string, anchored = true, global = false): RegExp {
  const key = `${anchored ? 'A' : 'U'}${global ? 'g' : ''}:${pattern}`;
  const cached = regexCache.get(key);
  if (cached) return cached;
  let src = pattern;
  let flags = global ? 'g' : '';
  const flagGroup = /^\(\?([a-zA-Z]+)\)/.exec(src);
  if (flagGroup) {
    for (const f of flagGroup[1]) {
      if (f === 'i' || f === 's' || f === 'm') flags += f;
      else throw new EvalError(`regular expression flag (?${f}) is not supported`);
    }
    src = src.slice(flagGroup[0].length);
  }
  if (/\(\?<?[=!]/.test(src))
    throw new EvalError(`lookaround assertions are not valid RE2: ${pattern}`);
  if (/(^|[^\\])\\[1-9]/.test(src))
    throw new EvalError(`backreferences are not valid RE2: ${pattern}`);
  if (src.includes('\\Q')) throw new EvalError(`\\Q...\\E quoting is not supported: ${pattern}`);
  src = src
    .replace(/\(\?P</g, '(?<')
    .replace(/\\A/g, '^')
    .replace(/\\z/g, '$');
  if (anchored) src = `^(?:${src})$`;
  let re: RegExp;
  try {
    re = new RegExp(src, flags + 'u');
  } catch {
    try {
      re = new RegExp(src, flags);
    } catch (err) {
      throw new EvalError(
        `invalid regular expression ${JSON.stringify(pattern)}: ${(err as Error).message}`,
      );
    }
  }
  if (regexCache.size > 1000) regexCache.clear();
  regexCache.set(key, re);
  return re;
}
