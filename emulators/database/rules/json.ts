/**
 * The JSON dialect of `database.rules.json`, as the Firebase console and CLI accept it:
 * plain JSON plus `//` and `/* *\/` comments, and strings that may span several lines
 * (rule expressions are often wrapped). Duplicate keys are an error rather than
 * "last one wins", so that no rule is silently dropped.
 */
import { RulesError } from './errors';

export type RulesJson =
  null | boolean | number | string | RulesJson[] | { [key: string]: RulesJson };

export function parseRulesJson(text: string): RulesJson {
  let pos = 0;

  const where = (at: number): string => {
    let line = 1;
    let col = 1;
    for (let i = 0; i < at && i < text.length; i++) {
      if (text[i] === '\n') {
        line++;
        col = 1;
      } else {
        col++;
      }
    }
    return `line ${line}, column ${col}`;
  };
  const fail = (message: string, at = pos): never => {
    throw new RulesError(`Invalid rules JSON at ${where(at)}: ${message}`);
  };

  const skipSpace = (): void => {
    for (;;) {
      const c = text[pos];
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\uFEFF') {
        pos++;
      } else if (c === '/' && text[pos + 1] === '/') {
        const end = text.indexOf('\n', pos);
        pos = end === -1 ? text.length : end + 1;
      } else if (c === '/' && text[pos + 1] === '*') {
        const end = text.indexOf('*/', pos + 2);
        if (end === -1) fail('unterminated /* comment');
        pos = end + 2;
      } else {
        return;
      }
    }
  };

  const parseString = (): string => {
    const start = pos;
    pos++; // opening quote
    let out = '';
    for (;;) {
      if (pos >= text.length) fail('unterminated string', start);
      const c = text[pos];
      if (c === '"') {
        pos++;
        return out;
      }
      if (c === '\\') {
        const e = text[pos + 1];
        pos += 2;
        switch (e) {
          case '"':
          case '\\':
          case '/':
            out += e;
            break;
          case 'b':
            out += '\b';
            break;
          case 'f':
            out += '\f';
            break;
          case 'n':
            out += '\n';
            break;
          case 'r':
            out += '\r';
            break;
          case 't':
            out += '\t';
            break;
          case 'u': {
            const hex = text.slice(pos, pos + 4);
            if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail('bad \\u escape', pos - 2);
            out += String.fromCharCode(parseInt(hex, 16));
            pos += 4;
            break;
          }
          default:
            fail(`bad escape \\${e ?? ''}`, pos - 2);
        }
        continue;
      }
      out += c; // raw newlines and tabs are accepted: multi-line rule expressions
      pos++;
    }
  };

  const parseValue = (): RulesJson => {
    skipSpace();
    const c = text[pos];
    if (c === '{') return parseObject();
    if (c === '[') return parseArray();
    if (c === '"') return parseString();
    if (c === "'") fail('strings must use double quotes');
    const m = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(
      text.slice(pos, pos + 64),
    );
    if (!m) fail(c === undefined ? 'unexpected end of input' : `unexpected character '${c}'`);
    pos += m![0].length;
    if (m![0] === 'true') return true;
    if (m![0] === 'false') return false;
    if (m![0] === 'null') return null;
    return Number(m![0]);
  };

  const parseObject = (): { [key: string]: RulesJson } => {
    const obj: { [key: string]: RulesJson } = {};
    pos++; // {
    skipSpace();
    if (text[pos] === '}') {
      pos++;
      return obj;
    }
    for (;;) {
      skipSpace();
      if (text[pos] !== '"') fail(text[pos] === '}' ? 'trailing comma' : 'expected a "key"');
      const keyAt = pos;
      const key = parseString();
      if (Object.prototype.hasOwnProperty.call(obj, key)) fail(`duplicate key "${key}"`, keyAt);
      skipSpace();
      if (text[pos] !== ':') fail("expected ':'");
      pos++;
      const value = parseValue();
      Object.defineProperty(obj, key, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      skipSpace();
      if (text[pos] === ',') {
        pos++;
        continue;
      }
      if (text[pos] === '}') {
        pos++;
        return obj;
      }
      fail("expected ',' or '}'");
    }
  };

  const parseArray = (): RulesJson[] => {
    const arr: RulesJson[] = [];
    pos++; // [
    skipSpace();
    if (text[pos] === ']') {
      pos++;
      return arr;
    }
    for (;;) {
      skipSpace();
      if (text[pos] === ']') fail('trailing comma');
      arr.push(parseValue());
      skipSpace();
      if (text[pos] === ',') {
        pos++;
        continue;
      }
      if (text[pos] === ']') {
        pos++;
        return arr;
      }
      fail("expected ',' or ']'");
    }
  };

  const value = parseValue();
  skipSpace();
  if (pos < text.length) fail('unexpected content after the top-level value');
  return value;
}
