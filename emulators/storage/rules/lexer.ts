/**
 * Splits storage.rules source into tokens (identifiers, numbers, strings, punctuation), skipping
 * whitespace and comments. Match paths are read raw, since `/`, `{` and `=**` mean something
 * else there than in expressions.
 */
import { RulesSyntaxError } from './syntax-error';
import type { PathSegment, Pos } from './syntax-tree';
import type { Value } from './values';

export type TokenKind = 'ident' | 'int' | 'float' | 'string' | 'punct' | 'eof';
export interface Token {
  kind: TokenKind;
  text: string;
  value?: Value;
  pos: Pos;
}

const PUNCTUATION = [
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  '{',
  '}',
  '(',
  ')',
  '[',
  ']',
  ';',
  ',',
  '.',
  ':',
  '?',
  '!',
  '=',
  '<',
  '>',
  '+',
  '-',
  '*',
  '/',
  '%',
];

export class Lexer {
  private i = 0;
  private line = 1;
  private col = 1;
  private peeked: Token | null = null;

  constructor(private readonly src: string) {}

  private fail(message: string, pos: Pos = this.here()): never {
    throw new RulesSyntaxError(message, pos.line, pos.column);
  }

  here(): Pos {
    return { line: this.line, column: this.col };
  }

  private advance(n = 1): void {
    for (let k = 0; k < n; k++) {
      if (this.src[this.i] === '\n') {
        this.line++;
        this.col = 1;
      } else {
        this.col++;
      }
      this.i++;
    }
  }

  private skipSpace(): void {
    for (;;) {
      const c = this.src[this.i];
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\uFEFF') {
        this.advance();
      } else if (c === '/' && this.src[this.i + 1] === '/') {
        while (this.i < this.src.length && this.src[this.i] !== '\n') this.advance();
      } else if (c === '/' && this.src[this.i + 1] === '*') {
        const start = this.here();
        this.advance(2);
        while (
          this.i < this.src.length &&
          !(this.src[this.i] === '*' && this.src[this.i + 1] === '/')
        ) {
          this.advance();
        }
        if (this.i >= this.src.length) this.fail('unterminated comment', start);
        this.advance(2);
      } else {
        return;
      }
    }
  }

  peek(): Token {
    if (!this.peeked) this.peeked = this.lex();
    return this.peeked;
  }

  next(): Token {
    const t = this.peek();
    this.peeked = null;
    return t;
  }

  private lex(): Token {
    this.skipSpace();
    const pos = this.here();
    if (this.i >= this.src.length) return { kind: 'eof', text: '<end of file>', pos };
    const c = this.src[this.i];
    if (
      (c === 'r' || c === 'R') &&
      (this.src[this.i + 1] === "'" || this.src[this.i + 1] === '"')
    ) {
      this.advance();
      return this.lexString(pos, true);
    }
    if (/[A-Za-z_]/.test(c)) {
      const start = this.i;
      while (this.i < this.src.length && /[A-Za-z0-9_]/.test(this.src[this.i])) this.advance();
      return { kind: 'ident', text: this.src.slice(start, this.i), pos };
    }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(this.src[this.i + 1] ?? ''))) {
      return this.lexNumber(pos);
    }
    if (c === "'" || c === '"') return this.lexString(pos, false);
    for (const p of PUNCTUATION) {
      if (this.src.startsWith(p, this.i)) {
        this.advance(p.length);
        return { kind: 'punct', text: p, pos };
      }
    }
    this.fail(`unexpected character ${JSON.stringify(c)}`);
  }

  private lexNumber(pos: Pos): Token {
    const rest = this.src.slice(this.i);
    const hex = /^0[xX][0-9a-fA-F]+/.exec(rest);
    if (hex) {
      this.advance(hex[0].length);
      return { kind: 'int', text: hex[0], value: this.checkInt(BigInt(hex[0]), pos), pos };
    }
    const m = /^(?:[0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?/.exec(rest)!;
    let text = m[0];
    // `1.size()` is not a float: only treat the dot as decimal point if followed by a digit or nothing alphabetic.
    if (m[1] === '.' && /[A-Za-z_]/.test(rest[text.length] ?? '')) text = text.slice(0, -1);
    this.advance(text.length);
    const isFloat = text.includes('.') || /[eE]/.test(text);
    if (isFloat) return { kind: 'float', text, value: Number(text), pos };
    return { kind: 'int', text, value: this.checkInt(BigInt(text), pos), pos };
  }

  private checkInt(v: bigint, pos: Pos): bigint {
    if (v > 2n ** 63n) this.fail('integer literal out of range', pos);
    return v;
  }

  private lexString(pos: Pos, raw: boolean): Token {
    const quote = this.src[this.i];
    this.advance();
    let out = '';
    for (;;) {
      if (this.i >= this.src.length || this.src[this.i] === '\n')
        this.fail('unterminated string', pos);
      const c = this.src[this.i];
      if (c === quote) {
        this.advance();
        break;
      }
      if (c === '\\' && !raw) {
        const e = this.src[this.i + 1];
        const simple: Record<string, string> = {
          n: '\n',
          r: '\r',
          t: '\t',
          b: '\b',
          f: '\f',
          v: '\v',
          a: '\x07',
          '\\': '\\',
          "'": "'",
          '"': '"',
          '`': '`',
          '?': '?',
        };
        if (e !== undefined && e in simple) {
          out += simple[e];
          this.advance(2);
          continue;
        }
        const hexLen = e === 'x' ? 2 : e === 'u' ? 4 : e === 'U' ? 8 : 0;
        if (hexLen) {
          const digits = this.src.slice(this.i + 2, this.i + 2 + hexLen);
          if (!new RegExp(`^[0-9a-fA-F]{${hexLen}}$`).test(digits))
            this.fail('invalid escape sequence');
          out += String.fromCodePoint(parseInt(digits, 16));
          this.advance(2 + hexLen);
          continue;
        }
        if (e !== undefined && /[0-7]/.test(e)) {
          const digits = this.src.slice(this.i + 1, this.i + 4);
          if (!/^[0-7]{3}$/.test(digits)) this.fail('invalid octal escape sequence');
          out += String.fromCharCode(parseInt(digits, 8));
          this.advance(4);
          continue;
        }
        this.fail(`invalid escape sequence \\${e ?? ''}`);
      }
      out += c;
      this.advance();
    }
    return { kind: 'string', text: out, value: out, pos };
  }

  /** Reads a match path such as `/b/{bucket}/o` or `/images/{imageId=**}` in raw mode. */
  readPath(): { segments: PathSegment[]; text: string; pos: Pos } {
    if (this.peeked) this.fail('internal: path read after lookahead', this.peeked.pos);
    this.skipSpace();
    const pos = this.here();
    const start = this.i;
    const segments: PathSegment[] = [];
    if (this.src[this.i] !== '/') this.fail('expected a path starting with "/" after match');
    while (this.src[this.i] === '/') {
      this.advance();
      const c = this.src[this.i];
      if (c === '{') {
        const segPos = this.here();
        const close = this.src.indexOf('}', this.i);
        if (close < 0) this.fail('unterminated path variable', segPos);
        const inner = this.src.slice(this.i + 1, close);
        const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*(=\s*\*\*)?\s*$/.exec(inner);
        if (!m) this.fail(`invalid path variable {${inner}}`, segPos);
        segments.push(m[2] ? { kind: 'recursive', name: m[1] } : { kind: 'wildcard', name: m[1] });
        this.advance(close + 1 - this.i);
      } else if (c === '$' && this.src[this.i + 1] === '(') {
        this.fail('path interpolation $(...) is not supported');
      } else {
        const segStart = this.i;
        while (this.i < this.src.length && !/[\s/{}]/.test(this.src[this.i])) this.advance();
        const lit = this.src.slice(segStart, this.i);
        if (!lit) this.fail('empty path segment');
        if (lit.includes('*'))
          this.fail(`wildcard "${lit}" is not supported; use {name} or {name=**}`);
        segments.push({ kind: 'literal', value: lit });
      }
    }
    return { segments, text: this.src.slice(start, this.i), pos };
  }
}

/** A token as error messages name it. */
export function describeToken(t: Token): string {
  return t.kind === 'eof'
    ? 'end of file'
    : t.kind === 'string'
      ? `string ${JSON.stringify(t.text)}`
      : `"${t.text}"`;
}
