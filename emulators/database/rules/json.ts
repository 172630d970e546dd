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
  return new RulesJsonReader(text).readDocument();
}

class RulesJsonReader {
  private pos = 0;

  constructor(private readonly text: string) {}

  readDocument(): RulesJson {
    const value = this.parseValue();
    this.skipSpace();
    if (this.pos < this.text.length) this.fail('unexpected content after the top-level value');
    return value;
  }

  /** The line and column of offset `at`, for messages. */
  private where(at: number): string {
    let line = 1;
    let col = 1;
    for (let i = 0; i < at && i < this.text.length; i++) {
      if (this.text[i] === '\n') {
        line++;
        col = 1;
      } else {
        col++;
      }
    }
    return `line ${line}, column ${col}`;
  }

  private fail(message: string, at = this.pos): never {
    throw new RulesError(`Invalid rules JSON at ${this.where(at)}: ${message}`);
  }

  private skipSpace(): void {
    for (;;) {
      const c = this.text[this.pos];
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\uFEFF') {
        this.pos++;
      } else if (c === '/' && this.text[this.pos + 1] === '/') {
        const end = this.text.indexOf('\n', this.pos);
        this.pos = end === -1 ? this.text.length : end + 1;
      } else if (c === '/' && this.text[this.pos + 1] === '*') {
        const end = this.text.indexOf('*/', this.pos + 2);
        if (end === -1) this.fail('unterminated /* comment');
        this.pos = end + 2;
      } else {
        return;
      }
    }
  }

  private parseString(): string {
    const start = this.pos;
    this.pos++; // opening quote
    let out = '';
    for (;;) {
      if (this.pos >= this.text.length) this.fail('unterminated string', start);
      const c = this.text[this.pos];
      if (c === '"') {
        this.pos++;
        return out;
      }
      if (c === '\\') {
        const e = this.text[this.pos + 1];
        this.pos += 2;
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
            const hex = this.text.slice(this.pos, this.pos + 4);
            if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail('bad \\u escape', this.pos - 2);
            out += String.fromCharCode(parseInt(hex, 16));
            this.pos += 4;
            break;
          }
          default:
            this.fail(`bad escape \\${e ?? ''}`, this.pos - 2);
        }
        continue;
      }
      out += c; // raw newlines and tabs are accepted: multi-line rule expressions
      this.pos++;
    }
  }

  private parseValue(): RulesJson {
    this.skipSpace();
    const c = this.text[this.pos];
    if (c === '{') return this.parseObject();
    if (c === '[') return this.parseArray();
    if (c === '"') return this.parseString();
    if (c === "'") this.fail('strings must use double quotes');
    const m = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(
      this.text.slice(this.pos, this.pos + 64),
    );
    if (!m) this.fail(c === undefined ? 'unexpected end of input' : `unexpected character '${c}'`);
    this.pos += m![0].length;
    if (m![0] === 'true') return true;
    if (m![0] === 'false') return false;
    if (m![0] === 'null') return null;
    return Number(m![0]);
  }

  private parseObject(): { [key: string]: RulesJson } {
    const obj: { [key: string]: RulesJson } = {};
    this.pos++; // {
    this.skipSpace();
    if (this.text[this.pos] === '}') {
      this.pos++;
      return obj;
    }
    for (;;) {
      this.skipSpace();
      if (this.text[this.pos] !== '"')
        this.fail(this.text[this.pos] === '}' ? 'trailing comma' : 'expected a "key"');
      const keyAt = this.pos;
      const key = this.parseString();
      if (Object.prototype.hasOwnProperty.call(obj, key))
        this.fail(`duplicate key "${key}"`, keyAt);
      this.skipSpace();
      if (this.text[this.pos] !== ':') this.fail("expected ':'");
      this.pos++;
      const value = this.parseValue();
      Object.defineProperty(obj, key, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      this.skipSpace();
      if (this.text[this.pos] === ',') {
        this.pos++;
        continue;
      }
      if (this.text[this.pos] === '}') {
        this.pos++;
        return obj;
      }
      this.fail("expected ',' or '}'");
    }
  }

  private parseArray(): RulesJson[] {
    const arr: RulesJson[] = [];
    this.pos++; // [
    this.skipSpace();
    if (this.text[this.pos] === ']') {
      this.pos++;
      return arr;
    }
    for (;;) {
      this.skipSpace();
      if (this.text[this.pos] === ']') this.fail('trailing comma');
      arr.push(this.parseValue());
      this.skipSpace();
      if (this.text[this.pos] === ',') {
        this.pos++;
        continue;
      }
      if (this.text[this.pos] === ']') {
        this.pos++;
        return arr;
      }
      this.fail("expected ',' or ']'");
    }
  }
}
