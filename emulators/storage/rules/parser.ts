/**
 * Parses the subset of the Security Rules language that storage.rules uses: the service block,
 * match blocks, allow statements and functions (expressions are ExpressionParser's). Anything
 * outside that subset is a RulesSyntaxError naming the construct and its position.
 */
import { ExpressionParser } from './expression-parser';
import { describeToken, Lexer } from './lexer';
import type { AllowDecl, Expr, FunctionDecl, MatchBlock, RulesFile } from './syntax-tree';

const METHODS = new Set(['read', 'get', 'list', 'write', 'create', 'update', 'delete']);

export function parseRules(src: string): RulesFile {
  return new RulesParser(new Lexer(src)).parseFile();
}

class RulesParser extends ExpressionParser {
  private parseFunction(): FunctionDecl {
    const pos = this.lx.next().pos; // 'function'
    const name = this.expectIdent('a function name').text;
    this.expectPunct('(');
    const params: string[] = [];
    if (!this.isPunct(')')) {
      do {
        params.push(this.expectIdent('a parameter name').text);
      } while (this.isPunct(',') && this.lx.next());
    }
    this.expectPunct(')');
    this.expectPunct('{');
    const lets: FunctionDecl['lets'] = [];
    while (this.isWord('let')) {
      const letPos = this.lx.next().pos;
      const letName = this.expectIdent('a variable name after let').text;
      this.expectPunct('=');
      lets.push({ name: letName, value: this.parseExpr(), pos: letPos });
      this.expectPunct(';');
    }
    const ret = this.lx.next();
    if (ret.kind !== 'ident' || ret.text !== 'return') {
      this.fail(`expected "return" in function ${name} but found ${describeToken(ret)}`, ret.pos);
    }
    const body = this.parseExpr();
    if (this.isPunct(';')) this.lx.next();
    this.expectPunct('}');
    return { name, params, lets, body, pos };
  }

  private parseAllow(): AllowDecl {
    const pos = this.lx.next().pos; // 'allow'
    const methods: string[] = [];
    do {
      const m = this.expectIdent('an operation (read, get, list, write, create, update, delete)');
      if (!METHODS.has(m.text)) this.fail(`unknown operation "${m.text}" in allow`, m.pos);
      methods.push(m.text);
    } while (this.isPunct(',') && this.lx.next());
    let condition: Expr | null = null;
    if (this.isPunct(':')) {
      this.lx.next();
      const ifTok = this.lx.next();
      if (ifTok.kind !== 'ident' || ifTok.text !== 'if')
        this.fail(`expected "if" but found ${describeToken(ifTok)}`, ifTok.pos);
      condition = this.parseExpr();
    }
    this.expectPunct(';');
    return { methods, condition, pos };
  }

  private parseMatch(): MatchBlock {
    const matchTok = this.lx.next(); // 'match'
    const path = this.lx.readPath();
    this.expectPunct('{');
    const block: MatchBlock = {
      path: path.segments,
      pathText: path.text,
      matches: [],
      allows: [],
      functions: [],
      pos: matchTok.pos,
    };
    while (!this.isPunct('}')) {
      const t = this.lx.peek();
      if (t.kind === 'ident' && t.text === 'match') block.matches.push(this.parseMatch());
      else if (t.kind === 'ident' && t.text === 'allow') block.allows.push(this.parseAllow());
      else if (t.kind === 'ident' && t.text === 'function')
        block.functions.push(this.parseFunction());
      else
        this.fail(
          `unexpected ${describeToken(t)} in match block (expected match, allow or function)`,
          t.pos,
        );
    }
    this.lx.next();
    return block;
  }

  parseFile(): RulesFile {
    let version: '1' | '2' = '1';
    if (this.isWord('rules_version')) {
      this.lx.next();
      this.expectPunct('=');
      const v = this.lx.next();
      if (v.kind !== 'string' || (v.text !== '1' && v.text !== '2')) {
        this.fail(`unsupported rules_version ${describeToken(v)} (expected '1' or '2')`, v.pos);
      }
      version = v.text as '1' | '2';
      this.expectPunct(';');
    }
    const svc = this.lx.next();
    if (svc.kind !== 'ident' || svc.text !== 'service')
      this.fail(`expected "service" but found ${describeToken(svc)}`, svc.pos);
    let service = this.expectIdent('a service name').text;
    while (this.isPunct('.')) {
      this.lx.next();
      service += '.' + this.expectIdent('a service name').text;
    }
    if (service !== 'firebase.storage')
      this.fail(`unsupported service "${service}" (expected firebase.storage)`, svc.pos);
    this.expectPunct('{');
    const file: RulesFile = { version, service, matches: [], functions: [] };
    while (!this.isPunct('}')) {
      const t = this.lx.peek();
      if (t.kind === 'ident' && t.text === 'match') file.matches.push(this.parseMatch());
      else if (t.kind === 'ident' && t.text === 'function')
        file.functions.push(this.parseFunction());
      else
        this.fail(
          `unexpected ${describeToken(t)} in service block (expected match or function)`,
          t.pos,
        );
    }
    this.lx.next();
    const trailing = this.lx.next();
    if (trailing.kind !== 'eof')
      this.fail(`unexpected ${describeToken(trailing)} after service block`, trailing.pos);
    return file;
  }
}
