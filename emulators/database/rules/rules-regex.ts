/**
 * Firebase's regular expression subset (the literal in `matches(/.../)`), checked so that a
 * pattern the service rejects fails at load.
 */
export function compileRegex(
  source: string,
  flags: string,
  fail: (message: string) => never,
): RegExp {
  if (flags !== '' && flags !== 'i')
    fail(`unsupported regular expression flags '${flags}' (only 'i' is allowed)`);
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      const e = source[i + 1];
      if (e !== undefined && /[1-9bBkpPcxu0]/.test(e))
        fail(`unsupported regular expression escape '\\${e}'`);
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') {
      inClass = true;
      if (source[i + 1] === '^') i++;
      if (source[i + 1] === ']') i++;
    } else if (c === '(' && source[i + 1] === '?') {
      fail("unsupported regular expression group '(?'");
    } else if (c === '^' && i !== 0) {
      fail("'^' is only allowed at the start of a regular expression");
    } else if (c === '$' && i !== source.length - 1) {
      fail("'$' is only allowed at the end of a regular expression");
    }
  }
  try {
    return new RegExp(source, flags);
  } catch (e) {
    return fail(`invalid regular expression /${source}/${flags}: ${(e as Error).message}`);
  }
}
