/**
 * Parses rules expressions by precedence climbing, lowest first: ?:, ||, &&, relations (== != < <=
 * > >= in is), + -, * / %, unary ! -, then member access, calls, indexes and slices.
 */
import { describeToken, type Lexer, type Token } from './lexer';
import { RulesSyntaxError } from './syntax-error';
import type { BinaryOp, Expr, Pos } from './syntax-tree';

const RELATIONS = new Set(['==', '!=', '<', '<=', '>', '>=']);

export class ExpressionParser {
  constructor(protected readonly lx: Lexer) {}

  protected fail(message: string, pos: Pos): never {
    throw new RulesSyntaxError(message, pos.line, pos.column);
  }

  protected expectPunct(p: string): Token {
    const t = this.lx.next();
    if (t.kind !== 'punct' || t.text !== p)
      this.fail(`expected "${p}" but found ${describeToken(t)}`, t.pos);
    return t;
  }

  protected isPunct(p: string): boolean {
    const t = this.lx.peek();
    return t.kind === 'punct' && t.text === p;
  }

  protected isWord(w: string): boolean {
    const t = this.lx.peek();
    return t.kind === 'ident' && t.text === w;
  }

  protected expectIdent(what: string): Token {
    const t = this.lx.next();
    if (t.kind !== 'ident') this.fail(`expected ${what} but found ${describeToken(t)}`, t.pos);
    return t;
  }

  parseExpr(): Expr {
    return this.parseConditional();
  }

  private parseConditional(): Expr {
    const test = this.parseOr();
    if (this.isPunct('?')) {
      const pos = this.lx.next().pos;
      const then = this.parseConditional();
      this.expectPunct(':');
      const otherwise = this.parseConditional();
      return { kind: 'conditional', test, then, otherwise, pos };
    }
    return test;
  }

  private parseOr(): Expr {
    let left = this.parseAnd();
    while (this.isPunct('||')) {
      const pos = this.lx.next().pos;
      left = { kind: 'logical', op: '||', left, right: this.parseAnd(), pos };
    }
    return left;
  }

  private parseAnd(): Expr {
    let left = this.parseRelation();
    while (this.isPunct('&&')) {
      const pos = this.lx.next().pos;
      left = { kind: 'logical', op: '&&', left, right: this.parseRelation(), pos };
    }
    return left;
  }

  private parseRelation(): Expr {
    let left = this.parseAdditive();
    for (;;) {
      const t = this.lx.peek();
      if (t.kind === 'punct' && RELATIONS.has(t.text)) {
        this.lx.next();
        left = {
          kind: 'binary',
          op: t.text as BinaryOp,
          left,
          right: this.parseAdditive(),
          pos: t.pos,
        };
      } else if (t.kind === 'ident' && t.text === 'in') {
        this.lx.next();
        left = { kind: 'binary', op: 'in', left, right: this.parseAdditive(), pos: t.pos };
      } else if (t.kind === 'ident' && t.text === 'is') {
        this.lx.next();
        const typeTok = this.expectIdent('a type name after "is"');
        left = { kind: 'is', operand: left, typeName: typeTok.text, pos: typeTok.pos };
      } else {
        return left;
      }
    }
  }

  private parseAdditive(): Expr {
    let left = this.parseMultiplicative();
    while (this.isPunct('+') || this.isPunct('-')) {
      const t = this.lx.next();
      left = {
        kind: 'binary',
        op: t.text as BinaryOp,
        left,
        right: this.parseMultiplicative(),
        pos: t.pos,
      };
    }
    return left;
  }

  private parseMultiplicative(): Expr {
    let left = this.parseUnary();
    while (this.isPunct('*') || this.isPunct('/') || this.isPunct('%')) {
      const t = this.lx.next();
      left = { kind: 'binary', op: t.text as BinaryOp, left, right: this.parseUnary(), pos: t.pos };
    }
    return left;
  }

  private parseUnary(): Expr {
    if (this.isPunct('!') || this.isPunct('-')) {
      const t = this.lx.next();
      const operand = this.parseUnary();
      if (t.text === '-' && operand.kind === 'literal') {
        if (typeof operand.value === 'bigint')
          return { kind: 'literal', value: -operand.value, pos: t.pos };
        if (typeof operand.value === 'number')
          return { kind: 'literal', value: -operand.value, pos: t.pos };
      }
      return { kind: 'unary', op: t.text as '!' | '-', operand, pos: t.pos };
    }
    return this.parsePostfix();
  }

  private parseArgs(): Expr[] {
    const args: Expr[] = [];
    if (!this.isPunct(')')) {
      do {
        args.push(this.parseExpr());
      } while (this.isPunct(',') && this.lx.next());
    }
    this.expectPunct(')');
    return args;
  }

  private parsePostfix(): Expr {
    let e = this.parsePrimary();
    for (;;) {
      if (this.isPunct('.')) {
        this.lx.next();
        const name = this.expectIdent('a field or method name after "."');
        e = { kind: 'member', object: e, name: name.text, pos: name.pos };
      } else if (this.isPunct('(')) {
        const pos = this.lx.next().pos;
        e = { kind: 'call', callee: e, args: this.parseArgs(), pos };
      } else if (this.isPunct('[')) {
        const pos = this.lx.next().pos;
        let from: Expr | null = null;
        if (!this.isPunct(':')) from = this.parseExpr();
        if (this.isPunct(':')) {
          this.lx.next();
          const to = this.isPunct(']') ? null : this.parseExpr();
          this.expectPunct(']');
          e = { kind: 'slice', object: e, from, to, pos };
        } else {
          this.expectPunct(']');
          e = { kind: 'index', object: e, index: from!, pos };
        }
      } else {
        return e;
      }
    }
  }

  private parsePrimary(): Expr {
    const t = this.lx.next();
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
          const e = this.parseExpr();
          this.expectPunct(')');
          return e;
        }
        if (t.text === '[') {
          const items: Expr[] = [];
          if (!this.isPunct(']')) {
            do {
              if (this.isPunct(']')) break; // trailing comma
              items.push(this.parseExpr());
            } while (this.isPunct(',') && this.lx.next());
          }
          this.expectPunct(']');
          return { kind: 'list', items, pos: t.pos };
        }
        if (t.text === '/')
          this.fail('path literals (/...) are not supported by this emulator', t.pos);
        if (t.text === '{') {
          const entries: Array<[Expr, Expr]> = [];
          if (!this.isPunct('}')) {
            do {
              if (this.isPunct('}')) break;
              const key = this.parseExpr();
              this.expectPunct(':');
              entries.push([key, this.parseExpr()]);
            } while (this.isPunct(',') && this.lx.next());
          }
          this.expectPunct('}');
          return { kind: 'map', entries, pos: t.pos };
        }
        break;
    }
    return this.fail(`unexpected ${describeToken(t)} in expression`, t.pos);
  }
}
