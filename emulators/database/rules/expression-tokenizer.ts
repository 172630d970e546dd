/**
 * Splits an RTDB rule expression into tokens. Operators and keywords outside the subset the
 * real service accepts are recognised too, so that the error can name them.
 */
import { describeExpressionError, RulesError } from './errors';

type Fail = (message: string, at: number) => never;

export type Token =
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

/** The tokens of `source`, ending with an eof token; throws RulesError at anything unsupported. */
export function tokenize(source: string): Token[] {
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
      const { value, end } = readString(source, start, fail);
      tokens.push({ type: 'str', value, pos: start });
      pos = end;
      continue;
    }
    const prev = tokens[tokens.length - 1];
    const regexAllowed =
      prev === undefined || (prev.type === 'punc' && prev.value !== ')' && prev.value !== ']');
    if (c === '/' && regexAllowed) {
      const { body, flags, end } = readRegex(source, start, fail);
      tokens.push({ type: 'regex', source: body, flags, pos: start });
      pos = end;
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

/** Reads the string literal whose opening quote is at `start`. */
function readString(source: string, start: number, fail: Fail): { value: string; end: number } {
  const c = source[start];
  let pos = start + 1;
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
  return { value: out, end: pos };
}

/** Reads the regular expression literal whose opening slash is at `start`. */
function readRegex(
  source: string,
  start: number,
  fail: Fail,
): { body: string; flags: string; end: number } {
  let pos = start + 1;
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
  return { body, flags, end: pos };
}
