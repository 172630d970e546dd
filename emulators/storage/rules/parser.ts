/**
 * Lexer and parser for the subset of the Security Rules language that storage.rules uses.
 * Anything outside that subset is a RulesSyntaxError naming the construct and its position.
 */
import type { Value } from './values';

export class RulesSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`storage.rules:${line}:${column}: ${message}`);
  }
}

export interface Pos {
  line: number;
  column: number;
}

export type Expr =
  | { kind: 'literal'; value: Value; pos: Pos }
  | { kind: 'ident'; name: string; pos: Pos }
  | { kind: 'member'; object: Expr; name: string; pos: Pos }
  | { kind: 'index'; object: Expr; index: Expr; pos: Pos }
  | { kind: 'slice'; object: Expr; from: Expr | null; to: Expr | null; pos: Pos }
  | { kind: 'call'; callee: Expr; args: Expr[]; pos: Pos }
  | { kind: 'unary'; op: '!' | '-'; operand: Expr; pos: Pos }
  | { kind: 'binary'; op: BinaryOp; left: Expr; right: Expr; pos: Pos }
  | { kind: 'logical'; op: '&&' | '||'; left: Expr; right: Expr; pos: Pos }
  | { kind: 'conditional'; test: Expr; then: Expr; otherwise: Expr; pos: Pos }
  | { kind: 'is'; operand: Expr; typeName: string; pos: Pos }
  | { kind: 'list'; items: Expr[]; pos: Pos }
  | { kind: 'map'; entries: Array<[Expr, Expr]>; pos: Pos };

export type BinaryOp = '+' | '-' | '*' | '/' | '%' | '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in';

export type PathSegment =
  | { kind: 'literal'; value: string }
  | { kind: 'wildcard'; name: string }
  | { kind: 'recursive'; name: string };

export interface FunctionDecl {
  name: string;
  params: string[];
  lets: Array<{ name: string; value: Expr; pos: Pos }>;
  body: Expr;
  pos: Pos;
}

export interface AllowDecl {
  methods: string[];
  condition: Expr | null;
  pos: Pos;
}

export interface MatchBlock {
  path: PathSegment[];
  pathText: string;
  matches: MatchBlock[];
  allows: AllowDecl[];
  functions: FunctionDecl[];
  pos: Pos;
}

export interface RulesFile {
  version: '1' | '2';
  service: string;
  matches: MatchBlock[];
  functions: FunctionDecl[];
}

type TokenKind = 'ident' | 'int' | 'float' | 'string' | 'punct' | 'eof';
interface Token {
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

class Lexer {
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

const METHODS = new Set(['read', 'get', 'list', 'write', 'create', 'update', 'delete']);

export function parseRules(src: string): RulesFile {
  const lx = new Lexer(src);

  const fail = (message: string, pos: Pos): never => {
    throw new RulesSyntaxError(message, pos.line, pos.column);
  };
  const describe = (t: Token) =>
    t.kind === 'eof'
      ? 'end of file'
      : t.kind === 'string'
        ? `string ${JSON.stringify(t.text)}`
        : `"${t.text}"`;
  const expectPunct = (p: string): Token => {
    const t = lx.next();
    if (t.kind !== 'punct' || t.text !== p) fail(`expected "${p}" but found ${describe(t)}`, t.pos);
    return t;
  };
  const isPunct = (p: string) => {
    const t = lx.peek();
    return t.kind === 'punct' && t.text === p;
  };
  const isWord = (w: string) => {
    const t = lx.peek();
    return t.kind === 'ident' && t.text === w;
  };
  const expectIdent = (what: string): Token => {
    const t = lx.next();
    if (t.kind !== 'ident') fail(`expected ${what} but found ${describe(t)}`, t.pos);
    return t;
  };

  // ---- expressions (precedence climbing) ----
  const parseExpr = (): Expr => parseConditional();

  const parseConditional = (): Expr => {
    const test = parseOr();
    if (isPunct('?')) {
      const pos = lx.next().pos;
      const then = parseConditional();
      expectPunct(':');
      const otherwise = parseConditional();
      return { kind: 'conditional', test, then, otherwise, pos };
    }
    return test;
  };

  const parseOr = (): Expr => {
    let left = parseAnd();
    while (isPunct('||')) {
      const pos = lx.next().pos;
      left = { kind: 'logical', op: '||', left, right: parseAnd(), pos };
    }
    return left;
  };

  const parseAnd = (): Expr => {
    let left = parseRelation();
    while (isPunct('&&')) {
      const pos = lx.next().pos;
      left = { kind: 'logical', op: '&&', left, right: parseRelation(), pos };
    }
    return left;
  };

  const RELATIONS = new Set(['==', '!=', '<', '<=', '>', '>=']);
  const parseRelation = (): Expr => {
    let left = parseAdditive();
    for (;;) {
      const t = lx.peek();
      if (t.kind === 'punct' && RELATIONS.has(t.text)) {
        lx.next();
        left = { kind: 'binary', op: t.text as BinaryOp, left, right: parseAdditive(), pos: t.pos };
      } else if (t.kind === 'ident' && t.text === 'in') {
        lx.next();
        left = { kind: 'binary', op: 'in', left, right: parseAdditive(), pos: t.pos };
      } else if (t.kind === 'ident' && t.text === 'is') {
        lx.next();
        const typeTok = expectIdent('a type name after "is"');
        left = { kind: 'is', operand: left, typeName: typeTok.text, pos: typeTok.pos };
      } else {
        return left;
      }
    }
  };

  const parseAdditive = (): Expr => {
    let left = parseMultiplicative();
    while (isPunct('+') || isPunct('-')) {
      const t = lx.next();
      left = {
        kind: 'binary',
        op: t.text as BinaryOp,
        left,
        right: parseMultiplicative(),
        pos: t.pos,
      };
    }
    return left;
  };

  const parseMultiplicative = (): Expr => {
    let left = parseUnary();
    while (isPunct('*') || isPunct('/') || isPunct('%')) {
      const t = lx.next();
      left = { kind: 'binary', op: t.text as BinaryOp, left, right: parseUnary(), pos: t.pos };
    }
    return left;
  };

  const parseUnary = (): Expr => {
    if (isPunct('!') || isPunct('-')) {
      const t = lx.next();
      const operand = parseUnary();
      if (t.text === '-' && operand.kind === 'literal') {
        if (typeof operand.value === 'bigint')
          return { kind: 'literal', value: -operand.value, pos: t.pos };
        if (typeof operand.value === 'number')
          return { kind: 'literal', value: -operand.value, pos: t.pos };
      }
      return { kind: 'unary', op: t.text as '!' | '-', operand, pos: t.pos };
    }
    return parsePostfix();
  };

  const parseArgs = (): Expr[] => {
    const args: Expr[] = [];
    if (!isPunct(')')) {
      do {
        args.push(parseExpr());
      } while (isPunct(',') && lx.next());
    }
    expectPunct(')');
    return args;
  };

  const parsePostfix = (): Expr => {
    let e = parsePrimary();
    for (;;) {
      if (isPunct('.')) {
        lx.next();
        const name = expectIdent('a field or method name after "."');
        e = { kind: 'member', object: e, name: name.text, pos: name.pos };
      } else if (isPunct('(')) {
        const pos = lx.next().pos;
        e = { kind: 'call', callee: e, args: parseArgs(), pos };
      } else if (isPunct('[')) {
        const pos = lx.next().pos;
        let from: Expr | null = null;
        if (!isPunct(':')) from = parseExpr();
        if (isPunct(':')) {
          lx.next();
          const to = isPunct(']') ? null : parseExpr();
          expectPunct(']');
          e = { kind: 'slice', object: e, from, to, pos };
        } else {
          expectPunct(']');
          e = { kind: 'index', object: e, index: from!, pos };
        }
      } else {
        return e;
      }
    }
  };

  const parsePrimary = (): Expr => {
    const t = lx.next();
    switch (t.kind) {
      case 'int':
      case 'float':
      case 'string':
        return { kind: 'literal', value: t.value!, pos: t.pos };
      case 'ident':
        if (t.text === 'true') return { kind: 'literal', value: true, pos: t.pos };
        if (t.text === 'false') return { kind: 'literal', value: false, pos: t.pos };
        if (t.text === 'null') return { kind: 'literal', value: null, pos: t.pos };
        return { kind: 'ident', name: t.text, pos: t.pos };
      case 'punct':
        if (t.text === '(') {
          const e = parseExpr();
          expectPunct(')');
          return e;
        }
        if (t.text === '[') {
          const items: Expr[] = [];
          if (!isPunct(']')) {
            do {
              if (isPunct(']')) break; // trailing comma
              items.push(parseExpr());
            } while (isPunct(',') && lx.next());
          }
          expectPunct(']');
          return { kind: 'list', items, pos: t.pos };
        }
        if (t.text === '/') fail('path literals (/...) are not supported by this emulator', t.pos);
        if (t.text === '{') {
          const entries: Array<[Expr, Expr]> = [];
          if (!isPunct('}')) {
            do {
              if (isPunct('}')) break;
              const key = parseExpr();
              expectPunct(':');
              entries.push([key, parseExpr()]);
            } while (isPunct(',') && lx.next());
          }
          expectPunct('}');
          return { kind: 'map', entries, pos: t.pos };
        }
        break;
    }
    return fail(`unexpected ${describe(t)} in expression`, t.pos);
  };

  // ---- declarations ----
  const parseFunction = (): FunctionDecl => {
    const pos = lx.next().pos; // 'function'
    const name = expectIdent('a function name').text;
    expectPunct('(');
    const params: string[] = [];
    if (!isPunct(')')) {
      do {
        params.push(expectIdent('a parameter name').text);
      } while (isPunct(',') && lx.next());
    }
    expectPunct(')');
    expectPunct('{');
    const lets: FunctionDecl['lets'] = [];
    while (isWord('let')) {
      const letPos = lx.next().pos;
      const letName = expectIdent('a variable name after let').text;
      expectPunct('=');
      lets.push({ name: letName, value: parseExpr(), pos: letPos });
      expectPunct(';');
    }
    const ret = lx.next();
    if (ret.kind !== 'ident' || ret.text !== 'return') {
      fail(`expected "return" in function ${name} but found ${describe(ret)}`, ret.pos);
    }
    const body = parseExpr();
    if (isPunct(';')) lx.next();
    expectPunct('}');
    return { name, params, lets, body, pos };
  };

  const parseAllow = (): AllowDecl => {
    const pos = lx.next().pos; // 'allow'
    const methods: string[] = [];
    do {
      const m = expectIdent('an operation (read, get, list, write, create, update, delete)');
      if (!METHODS.has(m.text)) fail(`unknown operation "${m.text}" in allow`, m.pos);
      methods.push(m.text);
    } while (isPunct(',') && lx.next());
    let condition: Expr | null = null;
    if (isPunct(':')) {
      lx.next();
      const ifTok = lx.next();
      if (ifTok.kind !== 'ident' || ifTok.text !== 'if')
        fail(`expected "if" but found ${describe(ifTok)}`, ifTok.pos);
      condition = parseExpr();
    }
    expectPunct(';');
    return { methods, condition, pos };
  };

  const parseMatch = (): MatchBlock => {
    const matchTok = lx.next(); // 'match'
    const path = lx.readPath();
    expectPunct('{');
    const block: MatchBlock = {
      path: path.segments,
      pathText: path.text,
      matches: [],
      allows: [],
      functions: [],
      pos: matchTok.pos,
    };
    while (!isPunct('}')) {
      const t = lx.peek();
      if (t.kind === 'ident' && t.text === 'match') block.matches.push(parseMatch());
      else if (t.kind === 'ident' && t.text === 'allow') block.allows.push(parseAllow());
      else if (t.kind === 'ident' && t.text === 'function') block.functions.push(parseFunction());
      else
        fail(`unexpected ${describe(t)} in match block (expected match, allow or function)`, t.pos);
    }
    lx.next();
    return block;
  };

  // ---- file ----
  let version: '1' | '2' = '1';
  if (isWord('rules_version')) {
    lx.next();
    expectPunct('=');
    const v = lx.next();
    if (v.kind !== 'string' || (v.text !== '1' && v.text !== '2')) {
      fail(`unsupported rules_version ${describe(v)} (expected '1' or '2')`, v.pos);
    }
    version = v.text as '1' | '2';
    expectPunct(';');
  }
  const svc = lx.next();
  if (svc.kind !== 'ident' || svc.text !== 'service')
    fail(`expected "service" but found ${describe(svc)}`, svc.pos);
  let service = expectIdent('a service name').text;
  while (isPunct('.')) {
    lx.next();
    service += '.' + expectIdent('a service name').text;
  }
  if (service !== 'firebase.storage')
    fail(`unsupported service "${service}" (expected firebase.storage)`, svc.pos);
  expectPunct('{');
  const file: RulesFile = { version, service, matches: [], functions: [] };
  while (!isPunct('}')) {
    const t = lx.peek();
    if (t.kind === 'ident' && t.text === 'match') file.matches.push(parseMatch());
    else if (t.kind === 'ident' && t.text === 'function') file.functions.push(parseFunction());
    else fail(`unexpected ${describe(t)} in service block (expected match or function)`, t.pos);
  }
  lx.next();
  const trailing = lx.next();
  if (trailing.kind !== 'eof')
    fail(`unexpected ${describe(trailing)} after service block`, trailing.pos);
  return file;
}
