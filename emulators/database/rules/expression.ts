/**
 * Tokenizer and parser for RTDB rule expressions: the JavaScript subset the real service
 * accepts. Anything outside it (assignment, `function`, bitwise operators, statements…)
 * is a RulesError that names the offending text.
 */
import { RulesError } from './errors';

export type BinaryOp =
  '*' | '/' | '%' | '+' | '-' | '<' | '<=' | '>' | '>=' | '==' | '!=' | '===' | '!==';

export type Expr =
  | { kind: 'literal'; value: null | boolean | number | string; pos: number }
  | { kind: 'regex'; source: string; flags: string; pos: number }
  | { kind: 'array'; elements: Expr[]; pos: number }
  | { kind: 'ident'; name: string; pos: number }
  | { kind: 'member'; object: Expr; property: string; pos: number }
  | { kind: 'index'; object: Expr; index: Expr; pos: number }
  | { kind: 'call'; callee: Expr; args: Expr[]; pos: number }
  | { kind: 'unary'; op: '!' | '-'; operand: Expr; pos: number }
  | { kind: 'binary'; op: BinaryOp; left: Expr; right: Expr; pos: number }
  | { kind: 'logical'; op: '&&' | '||'; left: Expr; right: Expr; pos: number }
  | { kind: 'conditional'; test: Expr; consequent: Expr; alternate: Expr; pos: number };

type Token =
  | { type: 'num'; value: number; pos: number }
  | { type: 'str'; value: string; pos: number }
  | { type: 'ident'; value: string; pos: number }
  | { type: 'punc'; value: string; pos: number }
  | { type: 'regex'; source: string; flags: string; pos: number }
  | { type: 'eof'; pos: number };

const SUPPORTED_PUNCTUATORS = new Set([
  '(',
  ')',
  '[',
  ']',
  ',',
  '.',
  '?',
  ':',
  '!',
  '-',
  '+',
  '*',
  '/',
  '%',
  '<',
  '<=',
  '>',
  '>=',
  '==',
  '!=',
  '===',
  '!==',
  '&&',
  '||',
]);

// Longest first, so that the tokenizer reads `===` before `==` and `=`. Unsupported ones are
// recognised too, so the error can name them.
const PUNCTUATORS = [
  '>>>=',
  '===',
  '!==',
  '**=',
  '<<=',
  '>>=',
  '>>>',
  '...',
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  '??',
  '?.',
  '=>',
  '++',
  '--',
  '+=',
  '-=',
  '*=',
  '/=',
  '%=',
  '&=',
  '|=',
  '^=',
  '<<',
  '>>',
  '**',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  ',',
  '.',
  '?',
  ':',
  ';',
  '!',
  '-',
  '+',
  '*',
  '/',
  '%',
  '<',
  '>',
  '=',
  '&',
  '|',
  '^',
  '~',
  '@',
  '#',
  '`',
];

const UNSUPPORTED_KEYWORDS = new Set([
  'function',
  'new',
  'this',
  'var',
  'let',
  'const',
  'typeof',
  'instanceof',
  'in',
  'of',
  'delete',
  'void',
  'return',
  'if',
  'else',
  'for',
  'while',
  'do',
  'switch',
  'case',
  'break',
  'continue',
  'class',
  'try',
  'catch',
  'finally',
  'throw',
  'yield',
  'await',
  'async',
  'import',
  'export',
  'with',
  'debugger',
  'super',
  'extends',
]);

export function describeExpressionError(source: string, pos: number, message: string): string {
  return `${message} (at column ${pos + 1} of "${source}")`;
}

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  const fail = (message: string, at: number): never => {
    throw new RulesError(describeExpressionError(source, at, message));
  };
  let pos = 0;
  while (pos < source.length) {
    const c = source[pos];
    if (/\s/.test(c)) {
      pos++;
      continue;
    }
    const start = pos;
    if (/[A-Za-z_$]/.test(c)) {
      const m = /^[A-Za-z0-9_$]+/.exec(source.slice(pos))!;
      const afterDot =
        tokens.length > 0 &&
        tokens[tokens.length - 1].type === 'punc' &&
        (tokens[tokens.length - 1] as { value: string }).value === '.';
      if (!afterDot && UNSUPPORTED_KEYWORDS.has(m[0])) fail(`unsupported keyword '${m[0]}'`, start);
      tokens.push({ type: 'ident', value: m[0], pos: start });
      pos += m[0].length;
      continue;
    }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(source[pos + 1] ?? ''))) {
      const rest = source.slice(pos);
      if (/^0[xXoObB]/.test(rest)) fail(`unsupported number literal '${rest.slice(0, 2)}…'`, start);
      const m = /^(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/.exec(rest)!;
      if (/^[A-Za-z_$]/.test(rest.slice(m[0].length)))
        fail(`invalid number '${rest.slice(0, m[0].length + 1)}'`, start);
      tokens.push({ type: 'num', value: Number(m[0]), pos: start });
      pos += m[0].length;
      continue;
    }
    if (c === '"' || c === "'") {
      pos++;
      let out = '';
      for (;;) {
        if (pos >= source.length) fail('unterminated string literal', start);
        const d = source[pos];
        if (d === c) {
          pos++;
          break;
        }
        if (d === '\\') {
          const e = source[pos + 1];
          pos += 2;
          switch (e) {
            case 'n':
              out += '\n';
              break;
            case 't':
              out += '\t';
              break;
            case 'r':
              out += '\r';
              break;
            case 'b':
              out += '\b';
              break;
            case 'f':
              out += '\f';
              break;
            case 'v':
              out += '\v';
              break;
            case '0':
              out += '\0';
              break;
            case 'u': {
              const hex = source.slice(pos, pos + 4);
              if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail('bad \\u escape in string literal', pos - 2);
              out += String.fromCharCode(parseInt(hex, 16));
              pos += 4;
              break;
            }
            case 'x': {
              const hex = source.slice(pos, pos + 2);
              if (!/^[0-9a-fA-F]{2}$/.test(hex)) fail('bad \\x escape in string literal', pos - 2);
              out += String.fromCharCode(parseInt(hex, 16));
              pos += 2;
              break;
            }
            case undefined:
              fail('unterminated string literal', start);
              break;
            default:
              out += e; // \' \" \\ \/ and any other escaped character stand for themselves
          }
          continue;
        }
        out += d;
        pos++;
      }
      tokens.push({ type: 'str', value: out, pos: start });
      continue;
    }
    const prev = tokens[tokens.length - 1];
    const regexAllowed =
      prev === undefined || (prev.type === 'punc' && prev.value !== ')' && prev.value !== ']');
    if (c === '/' && regexAllowed) {
      pos++;
      let body = '';
      let inClass = false;
      for (;;) {
        if (pos >= source.length || source[pos] === '\n')
          fail('unterminated regular expression', start);
        const d = source[pos];
        if (d === '\\') {
          body += d + (source[pos + 1] ?? '');
          pos += 2;
          continue;
        }
        if (d === '[') inClass = true;
        else if (d === ']') inClass = false;
        else if (d === '/' && !inClass) break;
        body += d;
        pos++;
      }
      pos++; // closing /
      const flags = /^[A-Za-z]*/.exec(source.slice(pos))![0];
      pos += flags.length;
      tokens.push({ type: 'regex', source: body, flags, pos: start });
      continue;
    }
    const punc = PUNCTUATORS.find((p) => source.startsWith(p, pos));
    if (!punc) fail(`unexpected character '${c}'`, start);
    if (!SUPPORTED_PUNCTUATORS.has(punc!)) {
      const hint =
        punc === '='
          ? ' (assignment is not allowed; compare with == or ===)'
          : punc === ';'
            ? ' (a rule is a single expression)'
            : '';
      fail(`unsupported operator '${punc}'${hint}`, start);
    }
    tokens.push({ type: 'punc', value: punc!, pos: start });
    pos += punc!.length;
  }
  tokens.push({ type: 'eof', pos: source.length });
  return tokens;
}

/** Parses one rule expression into an AST. Throws RulesError naming anything unsupported. */
export function parseExpression(source: string): Expr {
  const tokens = tokenize(source);
  let i = 0;
  const peek = (): Token => tokens[i];
  const fail = (message: string, at: number): never => {
    throw new RulesError(describeExpressionError(source, at, message));
  };
  const isPunc = (value: string): boolean => {
    const t = tokens[i];
    return t.type === 'punc' && t.value === value;
  };
  const describe = (t: Token): string => {
    switch (t.type) {
      case 'eof':
        return 'end of expression';
      case 'num':
        return `number ${t.value}`;
      case 'str':
        return `string '${t.value}'`;
      case 'regex':
        return `regular expression /${t.source}/${t.flags}`;
      default:
        return `'${t.value}'`;
    }
  };
  const expect = (value: string): void => {
    if (!isPunc(value)) fail(`expected '${value}' but found ${describe(peek())}`, peek().pos);
    i++;
  };

  const parseConditional = (): Expr => {
    const test = parseBinary(0);
    if (!isPunc('?')) return test;
    const pos = peek().pos;
    i++;
    const consequent = parseConditional();
    expect(':');
    const alternate = parseConditional();
    return { kind: 'conditional', test, consequent, alternate, pos };
  };

  // Precedence levels, loosest first.
  const LEVELS: string[][] = [
    ['||'],
    ['&&'],
    ['==', '!=', '===', '!=='],
    ['<', '<=', '>', '>='],
    ['+', '-'],
    ['*', '/', '%'],
  ];

  const parseBinary = (level: number): Expr => {
    if (level === LEVELS.length) return parseUnary();
    let left = parseBinary(level + 1);
    for (;;) {
      const t = peek();
      if (t.type !== 'punc' || !LEVELS[level].includes(t.value)) return left;
      i++;
      const right = parseBinary(level + 1);
      left =
        t.value === '&&' || t.value === '||'
          ? { kind: 'logical', op: t.value, left, right, pos: t.pos }
          : { kind: 'binary', op: t.value as BinaryOp, left, right, pos: t.pos };
    }
  };

  const parseUnary = (): Expr => {
    const t = peek();
    if (t.type === 'punc' && (t.value === '!' || t.value === '-')) {
      i++;
      return { kind: 'unary', op: t.value, operand: parseUnary(), pos: t.pos };
    }
    if (t.type === 'punc' && t.value === '+') fail("unsupported unary operator '+'", t.pos);
    return parsePostfix();
  };

  const parsePostfix = (): Expr => {
    let expr = parsePrimary();
    for (;;) {
      const t = peek();
      if (t.type !== 'punc') return expr;
      if (t.value === '.') {
        i++;
        const name = peek();
        if (name.type !== 'ident')
          fail(`expected a property name after '.' but found ${describe(name)}`, name.pos);
        i++;
        expr = {
          kind: 'member',
          object: expr,
          property: (name as { value: string }).value,
          pos: name.pos,
        };
      } else if (t.value === '[') {
        i++;
        const index = parseConditional();
        expect(']');
        // x['name'] is the same as x.name (the real service accepts root["exists"]()).
        expr =
          index.kind === 'literal' && typeof index.value === 'string'
            ? { kind: 'member', object: expr, property: index.value, pos: t.pos }
            : { kind: 'index', object: expr, index, pos: t.pos };
      } else if (t.value === '(') {
        i++;
        const args: Expr[] = [];
        if (!isPunc(')')) {
          for (;;) {
            args.push(parseConditional());
            if (isPunc(',')) {
              i++;
              continue;
            }
            break;
          }
        }
        expect(')');
        expr = { kind: 'call', callee: expr, args, pos: t.pos };
      } else {
        return expr;
      }
    }
  };

  const parsePrimary = (): Expr => {
    const t = peek();
    switch (t.type) {
      case 'num':
        i++;
        return { kind: 'literal', value: t.value, pos: t.pos };
      case 'str':
        i++;
        return { kind: 'literal', value: t.value, pos: t.pos };
      case 'regex':
        i++;
        return { kind: 'regex', source: t.source, flags: t.flags, pos: t.pos };
      case 'ident':
        i++;
        if (t.value === 'true') return { kind: 'literal', value: true, pos: t.pos };
        if (t.value === 'false') return { kind: 'literal', value: false, pos: t.pos };
        if (t.value === 'null') return { kind: 'literal', value: null, pos: t.pos };
        return { kind: 'ident', name: t.value, pos: t.pos };
      case 'punc':
        if (t.value === '(') {
          i++;
          const inner = parseConditional();
          expect(')');
          return inner;
        }
        if (t.value === '[') {
          i++;
          const elements: Expr[] = [];
          if (!isPunc(']')) {
            for (;;) {
              elements.push(parseConditional());
              if (isPunc(',')) {
                i++;
                continue;
              }
              break;
            }
          }
          expect(']');
          return { kind: 'array', elements, pos: t.pos };
        }
        return fail(`unexpected ${describe(t)}`, t.pos);
      default:
        return fail(
          source.trim() === '' ? 'empty rule expression' : `unexpected ${describe(t)}`,
          t.pos,
        );
    }
  };

  const expr = parseConditional();
  if (peek().type !== 'eof')
    fail(`unexpected ${describe(peek())} after the expression`, peek().pos);
  return expr;
}
