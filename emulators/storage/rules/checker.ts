/**
 * Load-time checks of a parsed storage.rules: every name, function, method and type must be one
 * this engine implements, so that anything unsupported fails at load with a message naming it.
 * Calls to user functions are resolved here, once, for the evaluator to follow.
 */
import { RulesSyntaxError } from './syntax-error';
import type { Expr, FunctionDecl, MatchBlock, Pos, RulesFile } from './syntax-tree';
import { compileRe2 } from './re2';
import {
  GLOBAL_FUNCTIONS,
  METHOD_NAMES,
  NAMESPACES,
  TYPE_NAMES,
  UNSUPPORTED_FUNCTIONS,
} from './supported-names';
import { INT64_MAX } from './values';

/** The user function each call expression resolves to (calls to built-ins have no entry). */
export type CallTargets = WeakMap<Expr, FunctionDecl>;

interface Scope {
  vars: Set<string>;
  functions: Map<string, FunctionDecl>;
  parent: Scope | null;
}

export class Checker {
  constructor(
    private readonly file: RulesFile,
    private readonly callTargets: CallTargets,
  ) {}

  private fail(pos: Pos, message: string): never {
    throw new RulesSyntaxError(message, pos.line, pos.column);
  }

  run(): void {
    const root: Scope = {
      vars: new Set(['request', 'resource']),
      functions: this.declare(this.file.functions),
      parent: null,
    };
    for (const f of this.file.functions) this.checkFunction(f, root);
    for (const m of this.file.matches) this.checkMatch(m, root);
  }

  private declare(fns: FunctionDecl[]): Map<string, FunctionDecl> {
    const map = new Map<string, FunctionDecl>();
    for (const f of fns) {
      if (map.has(f.name))
        this.fail(f.pos, `function ${f.name} is declared twice in the same scope`);
      if (GLOBAL_FUNCTIONS.has(f.name) || f.name in NAMESPACES) {
        this.fail(f.pos, `function name ${f.name} shadows a built-in`);
      }
      map.set(f.name, f);
    }
    return map;
  }

  private checkMatch(block: MatchBlock, parent: Scope): void {
    const vars = new Set<string>();
    block.path.forEach((seg, i) => {
      if (seg.kind === 'literal') return;
      if (seg.kind === 'recursive' && i !== block.path.length - 1) {
        this.fail(
          block.pos,
          `recursive wildcard {${seg.name}=**} must be the last segment of ${block.pathText}`,
        );
      }
      vars.add(seg.name);
    });
    const scope: Scope = { vars, functions: this.declare(block.functions), parent };
    for (const f of block.functions) this.checkFunction(f, scope);
    for (const a of block.allows) if (a.condition) this.checkExpr(a.condition, scope);
    for (const m of block.matches) this.checkMatch(m, scope);
  }

  private checkFunction(f: FunctionDecl, scope: Scope): void {
    const vars = new Set<string>();
    for (const p of f.params) {
      if (vars.has(p)) this.fail(f.pos, `duplicate parameter ${p} in function ${f.name}`);
      vars.add(p);
    }
    const fnScope: Scope = { vars, functions: new Map(), parent: scope };
    for (const l of f.lets) {
      this.checkExpr(l.value, fnScope);
      if (vars.has(l.name))
        this.fail(l.pos, `variable ${l.name} is already defined in function ${f.name}`);
      vars.add(l.name);
    }
    this.checkExpr(f.body, fnScope);
  }

  private lookupVar(name: string, scope: Scope | null): boolean {
    for (let s = scope; s; s = s.parent) if (s.vars.has(name)) return true;
    return false;
  }

  private lookupFunction(name: string, scope: Scope | null): FunctionDecl | undefined {
    for (let s = scope; s; s = s.parent) {
      const f = s.functions.get(name);
      if (f) return f;
    }
    return undefined;
  }

  private checkExpr(e: Expr, scope: Scope): void {
    switch (e.kind) {
      case 'literal':
        if (typeof e.value === 'bigint' && e.value > INT64_MAX)
          this.fail(e.pos, 'integer literal out of range');
        return;
      case 'ident':
        if (this.lookupVar(e.name, scope)) return;
        if (e.name in NAMESPACES)
          this.fail(e.pos, `${e.name} is a namespace; call one of its functions`);
        if (e.name in UNSUPPORTED_FUNCTIONS) this.fail(e.pos, UNSUPPORTED_FUNCTIONS[e.name]);
        if (this.lookupFunction(e.name, scope) || GLOBAL_FUNCTIONS.has(e.name)) {
          this.fail(e.pos, `function ${e.name} used without calling it`);
        }
        this.fail(e.pos, `unknown variable ${e.name}`);
        return;
      case 'member':
        if (e.object.kind === 'ident' && !this.lookupVar(e.object.name, scope)) {
          const ns = e.object.name;
          if (ns in UNSUPPORTED_FUNCTIONS) this.fail(e.object.pos, UNSUPPORTED_FUNCTIONS[ns]);
          if (ns in NAMESPACES) this.fail(e.pos, `${ns}.${e.name} must be called as a function`);
        }
        this.checkExpr(e.object, scope);
        return;
      case 'index':
        this.checkExpr(e.object, scope);
        this.checkExpr(e.index, scope);
        return;
      case 'slice':
        this.checkExpr(e.object, scope);
        if (e.from) this.checkExpr(e.from, scope);
        if (e.to) this.checkExpr(e.to, scope);
        return;
      case 'call':
        this.checkCall(e, scope);
        return;
      case 'unary':
        this.checkExpr(e.operand, scope);
        return;
      case 'binary':
      case 'logical':
        this.checkExpr(e.left, scope);
        this.checkExpr(e.right, scope);
        return;
      case 'conditional':
        this.checkExpr(e.test, scope);
        this.checkExpr(e.then, scope);
        this.checkExpr(e.otherwise, scope);
        return;
      case 'is':
        if (!TYPE_NAMES.has(e.typeName)) {
          this.fail(e.pos, `type ${e.typeName} is not supported in "is" checks by this emulator`);
        }
        this.checkExpr(e.operand, scope);
        return;
      case 'list':
        e.items.forEach((x) => this.checkExpr(x, scope));
        return;
      case 'map':
        e.entries.forEach(([k, v]) => {
          this.checkExpr(k, scope);
          this.checkExpr(v, scope);
        });
        return;
    }
  }

  private checkCall(e: Extract<Expr, { kind: 'call' }>, scope: Scope): void {
    // The callee first, so that an unsupported function is named even if its arguments are odd.
    this.checkCallee(e, scope);
    e.args.forEach((a) => this.checkExpr(a, scope));
  }

  private checkCallee(e: Extract<Expr, { kind: 'call' }>, scope: Scope): void {
    const callee = e.callee;
    if (callee.kind === 'ident') {
      const name = callee.name;
      if (this.lookupVar(name, scope))
        this.fail(callee.pos, `${name} is a variable, not a function`);
      const fn = this.lookupFunction(name, scope);
      if (fn) {
        if (fn.params.length !== e.args.length) {
          this.fail(
            e.pos,
            `function ${name} takes ${fn.params.length} argument(s), called with ${e.args.length}`,
          );
        }
        this.callTargets.set(e, fn);
        return;
      }
      if (GLOBAL_FUNCTIONS.has(name)) {
        if (e.args.length !== 1) this.fail(e.pos, `${name}() takes one argument`);
        return;
      }
      if (name in UNSUPPORTED_FUNCTIONS) this.fail(callee.pos, UNSUPPORTED_FUNCTIONS[name]);
      this.fail(callee.pos, `unknown function ${name}()`);
    }
    if (callee.kind === 'member') {
      const obj = callee.object;
      if (obj.kind === 'ident' && !this.lookupVar(obj.name, scope)) {
        if (obj.name in NAMESPACES) {
          if (!NAMESPACES[obj.name].has(callee.name)) {
            this.fail(callee.pos, `${obj.name}.${callee.name}() is not supported by this emulator`);
          }
          return;
        }
        if (obj.name in UNSUPPORTED_FUNCTIONS) this.fail(obj.pos, UNSUPPORTED_FUNCTIONS[obj.name]);
      }
      if (!METHOD_NAMES.has(callee.name)) {
        this.fail(callee.pos, `method ${callee.name}() is not supported by this emulator`);
      }
      if (
        (callee.name === 'matches' || callee.name === 'replace') &&
        e.args[0]?.kind === 'literal'
      ) {
        const pattern = e.args[0].value;
        if (typeof pattern === 'string') {
          try {
            compileRe2(pattern);
          } catch (err) {
            this.fail(e.args[0].pos, (err as Error).message);
          }
        }
      }
      this.checkExpr(obj, scope);
      return;
    }
    this.fail(e.pos, 'only named functions and methods can be called');
  }
}
