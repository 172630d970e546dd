/**
 * Parser for RTDB rule expressions: the JavaScript subset the real service
 * accepts. Anything outside it (assignment, `function`, bitwise operators, statements…)
 * is a RulesError that names the offending text.
 */
import { describeExpressionError, RulesError } from './errors';
import { tokenize, type Token } from './expression-tokenizer';

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
// Precedence levels of the binary operators, loosest first.
const LEVELS: string[][] = [
  ['||'],
  ['&&'],
  ['==', '!=', '===', '!=='],
  ['<', '<=', '>', '>='],
  ['+', '-'],
  ['*', '/', '%'],
];

/** Parses one rule expression into an AST. Throws RulesError naming anything unsupported. */
export function parseExpression(source: string): Expr {
  return new ExpressionParser(source).parseAll();
}

function describe(t: Token): string {
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
}

class ExpressionParser {
  private readonly tokens: Token[];
  private i = 0;

  constructor(private readonly source: string) {
    this.tokens = tokenize(source);
  }

  parseAll(): Expr {
    const expr = this.parseConditional();
    if (this.peek().type !== 'eof')
      this.fail(`unexpected ${describe(this.peek())} after the expression`, this.peek().pos);
    return expr;
  }

  private peek(): Token {
    return this.tokens[this.i];
  }

  private fail(message: string, at: number): never {
    throw new RulesError(describeExpressionError(this.source, at, message));
  }

  private isPunc(value: string): boolean {
    const t = this.tokens[this.i];
    return t.type === 'punc' && t.value === value;
  }

  private expect(value: string): void {
    if (!this.isPunc(value))
      this.fail(`expected '${value}' but found ${describe(this.peek())}`, this.peek().pos);
    this.i++;
  }

  private parseConditional(): Expr {
    const test = this.parseBinary(0);
    if (!this.isPunc('?')) return test;
    const pos = this.peek().pos;
    this.i++;
    const consequent = this.parseConditional();
    this.expect(':');
    const alternate = this.parseConditional();
    return { kind: 'conditional', test, consequent, alternate, pos };
  }

  private parseBinary(level: number): Expr {
    if (level === LEVELS.length) return this.parseUnary();
    let left = this.parseBinary(level + 1);
    for (;;) {
      const t = this.peek();
      if (t.type !== 'punc' || !LEVELS[level].includes(t.value)) return left;
      this.i++;
      const right = this.parseBinary(level + 1);
      left =
        t.value === '&&' || t.value === '||'
          ? { kind: 'logical', op: t.value, left, right, pos: t.pos }
          : { kind: 'binary', op: t.value as BinaryOp, left, right, pos: t.pos };
    }
  }

  private parseUnary(): Expr {
    const t = this.peek();
    if (t.type === 'punc' && (t.value === '!' || t.value === '-')) {
      this.i++;
      return { kind: 'unary', op: t.value, operand: this.parseUnary(), pos: t.pos };
    }
    if (t.type === 'punc' && t.value === '+') this.fail("unsupported unary operator '+'", t.pos);
    return this.parsePostfix();
  }

  /** A comma-separated list of expressions up to `close` (which is consumed). */
  private parseList(close: string): Expr[] {
    const items: Expr[] = [];
    if (!this.isPunc(close)) {
      for (;;) {
        items.push(this.parseConditional());
        if (this.isPunc(',')) {
          this.i++;
          continue;
        }
        break;
      }
    }
    this.expect(close);
    return items;
  }

  private parsePostfix(): Expr {
    let expr = this.parsePrimary();
    for (;;) {
      const t = this.peek();
      if (t.type !== 'punc') return expr;
      if (t.value === '.') {
        this.i++;
        const name = this.peek();
        if (name.type !== 'ident')
          this.fail(`expected a property name after '.' but found ${describe(name)}`, name.pos);
        this.i++;
        expr = {
          kind: 'member',
          object: expr,
          property: (name as { value: string }).value,
          pos: name.pos,
        };
      } else if (t.value === '[') {
        this.i++;
        const index = this.parseConditional();
        this.expect(']');
        // x['name'] is the same as x.name (the real service accepts root["exists"]()).
        expr =
          index.kind === 'literal' && typeof index.value === 'string'
            ? { kind: 'member', object: expr, property: index.value, pos: t.pos }
            : { kind: 'index', object: expr, index, pos: t.pos };
      } else if (t.value === '(') {
        this.i++;
        expr = { kind: 'call', callee: expr, args: this.parseList(')'), pos: t.pos };
      } else {
        return expr;
      }
    }
  }

  private parsePrimary(): Expr {
    const t = this.peek();
    switch (t.type) {
      case 'num':
        this.i++;
        return { kind: 'literal', value: t.value, pos: t.pos };
      case 'str':
        this.i++;
        return { kind: 'literal', value: t.value, pos: t.pos };
      case 'regex':
        this.i++;
        return { kind: 'regex', source: t.source, flags: t.flags, pos: t.pos };
      case 'ident':
        this.i++;
        if (t.value === 'true') return { kind: 'literal', value: true, pos: t.pos };
        if (t.value === 'false') return { kind: 'literal', value: false, pos: t.pos };
        if (t.value === 'null') return { kind: 'literal', value: null, pos: t.pos };
        return { kind: 'ident', name: t.value, pos: t.pos };
      case 'punc':
        if (t.value === '(') {
          this.i++;
          const inner = this.parseConditional();
          this.expect(')');
          return inner;
        }
        if (t.value === '[') {
          this.i++;
          return { kind: 'array', elements: this.parseList(']'), pos: t.pos };
        }
        return this.fail(`unexpected ${describe(t)}`, t.pos);
      default:
        return this.fail(
          this.source.trim() === '' ? 'empty rule expression' : `unexpected ${describe(t)}`,
          t.pos,
        );
    }
  }
}
