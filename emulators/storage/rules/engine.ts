/**
 * Compiles storage.rules and decides requests against it.
 *
 * compile: parse, then check every name, function, method and type against what this engine
 * implements, so that anything unsupported fails at load with a message naming it.
 * evaluate: find every match block whose full path matches the request path, and allow when
 * any `allow` for the operation evaluates to true. Default deny; an evaluation error makes
 * that allow false.
 */
import {
  parseRules,
  RulesSyntaxError,
  type AllowDecl,
  type Expr,
  type FunctionDecl,
  type MatchBlock,
  type Pos,
  type RulesFile,
} from './parser';
import {
  checkedInt,
  compareValues,
  EvalError,
  fromJs,
  INT64_MAX,
  isNumber,
  RulesDuration,
  RulesMap,
  RulesTimestamp,
  typeName,
  valuesEqual,
  type Value,
} from './values';

export { RulesSyntaxError } from './parser';

export type StorageOperation = 'get' | 'list' | 'create' | 'update' | 'delete';

export interface RulesRequest {
  bucket: string;
  /** Object name (full path without leading slash); for list, the prefix without trailing slash. */
  objectPath: string;
  operation: StorageOperation;
  auth: { uid: string; token: Record<string, unknown> } | null;
  /** The existing object, in rules shape (see objectForRules), or null. */
  resource: Record<string, unknown> | null;
  /** The object as it would be after a write, or null for reads and deletes. */
  requestResource: Record<string, unknown> | null;
  time?: Date;
}

export interface Decision {
  allowed: boolean;
  /** Evaluation errors met on the way (each made its allow false). */
  errors: string[];
}

const NAMESPACES: Record<string, Set<string>> = {
  math: new Set(['abs', 'ceil', 'floor', 'round', 'sqrt', 'pow', 'isInfinite', 'isNaN']),
  duration: new Set(['value', 'time', 'abs']),
  timestamp: new Set(['value', 'date']),
};
const GLOBAL_FUNCTIONS = new Set(['int', 'float', 'string', 'bool']);
const UNSUPPORTED_FUNCTIONS: Record<string, string> = {
  exists: 'exists() (document lookups) is not supported in storage rules',
  existsAfter: 'existsAfter() is not supported in storage rules',
  get: 'get() (document lookups) is not supported in storage rules',
  getAfter: 'getAfter() is not supported in storage rules',
  debug: 'debug() is not supported by this emulator',
  path: 'path() is not supported by this emulator',
  hashing: 'hashing.* is not supported by this emulator',
  latlng: 'latlng.* is not supported by this emulator',
  firestore:
    'firestore.get()/firestore.exists() cross-service rules are not supported by this emulator',
};
const METHOD_NAMES = new Set([
  // string
  'size',
  'matches',
  'lower',
  'upper',
  'split',
  'trim',
  'replace',
  // list
  'hasAll',
  'hasAny',
  'hasOnly',
  'join',
  'concat',
  'removeAll',
  // map
  'keys',
  'values',
  'get',
  // timestamp / duration
  'date',
  'year',
  'month',
  'day',
  'hours',
  'minutes',
  'seconds',
  'nanos',
  'toMillis',
  'dayOfWeek',
  'dayOfYear',
  'time',
]);
const TYPE_NAMES = new Set([
  'string',
  'int',
  'float',
  'number',
  'bool',
  'map',
  'list',
  'null',
  'timestamp',
  'duration',
]);
const MAX_CALL_DEPTH = 20;

interface CompiledFunction {
  decl: FunctionDecl;
}

export class StorageRuleset {
  private constructor(
    private readonly file: RulesFile,
    private readonly callTargets: WeakMap<Expr, CompiledFunction>,
  ) {}

  static compile(source: string): StorageRuleset {
    const file = parseRules(source);
    const callTargets = new WeakMap<Expr, CompiledFunction>();
    new Checker(file, callTargets).run();
    return new StorageRuleset(file, callTargets);
  }

  evaluate(req: RulesRequest): Decision {
    const segments = [
      'b',
      req.bucket,
      'o',
      ...req.objectPath.split('/').filter((s) => s.length > 0),
    ];
    const allows: Array<{ allow: AllowDecl; bindings: Map<string, Value> }> = [];
    const visit = (block: MatchBlock, start: number, bindings: Map<string, Value>) => {
      const matched = matchPath(block, segments, start, bindings, this.file.version);
      if (!matched) return;
      if (matched.end === segments.length) {
        for (const allow of block.allows) {
          if (allowCovers(allow, req.operation)) allows.push({ allow, bindings: matched.bindings });
        }
      }
      for (const child of block.matches) visit(child, matched.end, matched.bindings);
    };
    for (const block of this.file.matches) visit(block, 0, new Map());

    const errors: string[] = [];
    if (allows.length === 0) return { allowed: false, errors };

    const request = fromJs({
      auth: req.auth ? { uid: req.auth.uid, token: req.auth.token } : null,
      method: req.operation,
      path: '/' + segments.map((s) => s).join('/'),
      resource: req.requestResource,
      time: new RulesTimestamp((req.time ?? new Date()).getTime()),
    });
    const resource = fromJs(req.resource);
    for (const { allow, bindings } of allows) {
      if (!allow.condition) return { allowed: true, errors };
      const vars = new Map<string, Value>(bindings);
      vars.set('request', request);
      vars.set('resource', resource);
      const ev = new Evaluator(this.callTargets);
      try {
        const result = ev.eval(allow.condition, { vars, depth: 0 });
        if (result === true) return { allowed: true, errors };
        if (typeof result !== 'boolean') {
          errors.push(at(allow.pos, `condition evaluated to ${typeName(result)}, not bool`));
        }
      } catch (err) {
        if (!(err instanceof EvalError)) throw err;
        errors.push(at(allow.pos, err.message));
      }
    }
    return { allowed: false, errors };
  }
}

function at(pos: Pos, message: string): string {
  return `${pos.line}:${pos.column}: ${message}`;
}

function allowCovers(allow: AllowDecl, op: StorageOperation): boolean {
  return allow.methods.some(
    (m) =>
      m === op ||
      (m === 'read' && (op === 'get' || op === 'list')) ||
      (m === 'write' && (op === 'create' || op === 'update' || op === 'delete')),
  );
}

function matchPath(
  block: MatchBlock,
  segments: string[],
  start: number,
  parentBindings: Map<string, Value>,
  version: '1' | '2',
): { end: number; bindings: Map<string, Value> } | null {
  const bindings = new Map(parentBindings);
  let i = start;
  for (const seg of block.path) {
    if (seg.kind === 'recursive') {
      const rest = segments.slice(i);
      if (version === '1' && rest.length === 0) return null;
      bindings.set(seg.name, rest.join('/'));
      i = segments.length;
      continue;
    }
    if (i >= segments.length) return null;
    if (seg.kind === 'literal') {
      if (segments[i] !== seg.value) return null;
    } else {
      bindings.set(seg.name, segments[i]);
    }
    i++;
  }
  return { end: i, bindings };
}

// ---------------------------------------------------------------------------------------------
// Load-time checks

interface Scope {
  vars: Set<string>;
  functions: Map<string, FunctionDecl>;
  parent: Scope | null;
}

class Checker {
  constructor(
    private readonly file: RulesFile,
    private readonly callTargets: WeakMap<Expr, CompiledFunction>,
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
        this.callTargets.set(e, { decl: fn });
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

// ---------------------------------------------------------------------------------------------
// Evaluation

interface Env {
  vars: Map<string, Value>;
  depth: number;
}

function requireBool(v: Value, what: string): boolean {
  if (typeof v !== 'boolean') throw new EvalError(`${what} must be bool, got ${typeName(v)}`);
  return v;
}

function requireInt(v: Value, what: string): bigint {
  if (typeof v !== 'bigint') throw new EvalError(`${what} must be int, got ${typeName(v)}`);
  return v;
}

function requireString(v: Value, what: string): string {
  if (typeof v !== 'string') throw new EvalError(`${what} must be string, got ${typeName(v)}`);
  return v;
}

function requireList(v: Value, what: string): Value[] {
  if (!Array.isArray(v)) throw new EvalError(`${what} must be list, got ${typeName(v)}`);
  return v;
}

function requireNumber(v: Value, what: string): number {
  if (!isNumber(v)) throw new EvalError(`${what} must be a number, got ${typeName(v)}`);
  return Number(v);
}

class Evaluator {
  constructor(private readonly callTargets: WeakMap<Expr, CompiledFunction>) {}

  eval(e: Expr, env: Env): Value {
    switch (e.kind) {
      case 'literal':
        return e.value;
      case 'ident': {
        const v = env.vars.get(e.name);
        if (v === undefined) throw new EvalError(`variable ${e.name} is not defined here`);
        return v;
      }
      case 'member': {
        const obj = this.eval(e.object, env);
        if (obj instanceof RulesMap) {
          const v = obj.get(e.name);
          if (v === undefined) throw new EvalError(`property ${e.name} is undefined on map`);
          return v;
        }
        throw new EvalError(`cannot read property ${e.name} of ${typeName(obj)}`);
      }
      case 'index': {
        const obj = this.eval(e.object, env);
        const idx = this.eval(e.index, env);
        if (obj instanceof RulesMap) {
          const v = obj.get(requireString(idx, 'map key'));
          if (v === undefined) throw new EvalError(`key ${String(idx)} is undefined on map`);
          return v;
        }
        if (Array.isArray(obj)) {
          const i = Number(requireInt(idx, 'list index'));
          if (i < 0 || i >= obj.length) throw new EvalError(`list index ${i} out of range`);
          return obj[i];
        }
        throw new EvalError(`cannot index ${typeName(obj)}`);
      }
      case 'slice': {
        const obj = this.eval(e.object, env);
        if (typeof obj !== 'string' && !Array.isArray(obj))
          throw new EvalError(`cannot slice ${typeName(obj)}`);
        const len = typeof obj === 'string' ? [...obj].length : obj.length;
        const from = e.from ? Number(requireInt(this.eval(e.from, env), 'slice start')) : 0;
        const to = e.to ? Number(requireInt(this.eval(e.to, env), 'slice end')) : len;
        if (from < 0 || to > len || from > to) throw new EvalError('slice out of range');
        return typeof obj === 'string' ? [...obj].slice(from, to).join('') : obj.slice(from, to);
      }
      case 'call':
        return this.call(e, env);
      case 'unary': {
        const v = this.eval(e.operand, env);
        if (e.op === '!') return !requireBool(v, 'operand of !');
        if (typeof v === 'bigint') return checkedInt(-v);
        if (typeof v === 'number') return -v;
        if (v instanceof RulesDuration) return new RulesDuration(-v.millis);
        throw new EvalError(`cannot negate ${typeName(v)}`);
      }
      case 'logical':
        return this.logical(e, env);
      case 'conditional':
        return requireBool(this.eval(e.test, env), 'condition of ?:')
          ? this.eval(e.then, env)
          : this.eval(e.otherwise, env);
      case 'is':
        return isType(this.eval(e.operand, env), e.typeName);
      case 'list':
        return e.items.map((x) => this.eval(x, env));
      case 'map': {
        const m = new Map<string, Value>();
        for (const [k, v] of e.entries)
          m.set(requireString(this.eval(k, env), 'map key'), this.eval(v, env));
        return new RulesMap(m);
      }
      case 'binary':
        return binary(e.op, this.eval(e.left, env), this.eval(e.right, env));
    }
  }

  private logical(e: Extract<Expr, { kind: 'logical' }>, env: Env): Value {
    const decisive = e.op === '||'; // the value of one side that decides the result
    let leftError: EvalError | null = null;
    try {
      const l = requireBool(this.eval(e.left, env), `left side of ${e.op}`);
      if (l === decisive) return decisive;
    } catch (err) {
      if (!(err instanceof EvalError)) throw err;
      leftError = err;
    }
    const r = requireBool(this.eval(e.right, env), `right side of ${e.op}`);
    if (leftError) {
      // An error on one side is absorbed only when the other side decides the result.
      if (r === decisive) return decisive;
      throw leftError;
    }
    return r;
  }

  private call(e: Extract<Expr, { kind: 'call' }>, env: Env): Value {
    const target = this.callTargets.get(e);
    if (target) {
      if (env.depth >= MAX_CALL_DEPTH) throw new EvalError('maximum function call depth exceeded');
      const args = e.args.map((a) => this.eval(a, env));
      const vars = new Map(env.vars);
      target.decl.params.forEach((p, i) => vars.set(p, args[i]));
      const inner: Env = { vars, depth: env.depth + 1 };
      for (const l of target.decl.lets) vars.set(l.name, this.eval(l.value, inner));
      return this.eval(target.decl.body, inner);
    }
    const callee = e.callee;
    if (callee.kind === 'ident') {
      return globalFunction(callee.name, this.eval(e.args[0], env));
    }
    if (callee.kind === 'member') {
      const obj = callee.object;
      if (obj.kind === 'ident' && obj.name in NAMESPACES && !env.vars.has(obj.name)) {
        return namespaceFunction(
          obj.name,
          callee.name,
          e.args.map((a) => this.eval(a, env)),
        );
      }
      const target = this.eval(obj, env);
      return method(
        target,
        callee.name,
        e.args.map((a) => this.eval(a, env)),
      );
    }
    throw new EvalError('invalid call');
  }
}

function isType(v: Value, t: string): boolean {
  switch (t) {
    case 'number':
      return isNumber(v);
    default:
      return typeName(v) === t;
  }
}

function binary(op: string, a: Value, b: Value): Value {
  switch (op) {
    case '==':
      return valuesEqual(a, b);
    case '!=':
      return !valuesEqual(a, b);
    case '<':
      return compareValues(a, b) < 0;
    case '<=':
      return compareValues(a, b) <= 0;
    case '>':
      return compareValues(a, b) > 0;
    case '>=':
      return compareValues(a, b) >= 0;
    case 'in':
      if (Array.isArray(b)) return b.some((x) => valuesEqual(a, x));
      if (b instanceof RulesMap) return typeof a === 'string' && b.has(a);
      throw new EvalError(`"in" needs a list or map on the right, got ${typeName(b)}`);
  }
  if (typeof a === 'bigint' && typeof b === 'bigint') {
    switch (op) {
      case '+':
        return checkedInt(a + b);
      case '-':
        return checkedInt(a - b);
      case '*':
        return checkedInt(a * b);
      case '/':
        if (b === 0n) throw new EvalError('division by zero');
        return checkedInt(a / b);
      case '%':
        if (b === 0n) throw new EvalError('modulo by zero');
        return a % b;
    }
  }
  if (isNumber(a) && isNumber(b)) {
    const x = Number(a);
    const y = Number(b);
    switch (op) {
      case '+':
        return x + y;
      case '-':
        return x - y;
      case '*':
        return x * y;
      case '/':
        return x / y;
      case '%':
        return x % y;
    }
  }
  if (op === '+') {
    if (typeof a === 'string' && typeof b === 'string') return a + b;
    if (Array.isArray(a) && Array.isArray(b)) return [...a, ...b];
    if (a instanceof RulesTimestamp && b instanceof RulesDuration)
      return new RulesTimestamp(a.millis + b.millis);
    if (a instanceof RulesDuration && b instanceof RulesTimestamp)
      return new RulesTimestamp(a.millis + b.millis);
    if (a instanceof RulesDuration && b instanceof RulesDuration)
      return new RulesDuration(a.millis + b.millis);
  }
  if (op === '-') {
    if (a instanceof RulesTimestamp && b instanceof RulesDuration)
      return new RulesTimestamp(a.millis - b.millis);
    if (a instanceof RulesTimestamp && b instanceof RulesTimestamp)
      return new RulesDuration(a.millis - b.millis);
    if (a instanceof RulesDuration && b instanceof RulesDuration)
      return new RulesDuration(a.millis - b.millis);
  }
  throw new EvalError(`operator ${op} is not defined for ${typeName(a)} and ${typeName(b)}`);
}

function globalFunction(name: string, v: Value): Value {
  switch (name) {
    case 'int':
      if (typeof v === 'bigint') return v;
      if (typeof v === 'number') {
        if (!Number.isFinite(v)) throw new EvalError('int() of a non-finite float');
        return checkedInt(BigInt(Math.trunc(v)));
      }
      if (typeof v === 'string' && /^\s*[+-]?\d+\s*$/.test(v)) return checkedInt(BigInt(v.trim()));
      throw new EvalError(`int() cannot convert ${typeName(v)} ${JSON.stringify(String(v))}`);
    case 'float':
      if (isNumber(v)) return Number(v);
      if (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v))) return Number(v);
      throw new EvalError(`float() cannot convert ${typeName(v)}`);
    case 'string':
      if (v === null || typeof v === 'boolean' || typeof v === 'string') return String(v);
      if (typeof v === 'bigint') return v.toString();
      if (typeof v === 'number') return String(v);
      throw new EvalError(`string() cannot convert ${typeName(v)}`);
    case 'bool':
      if (typeof v === 'boolean') return v;
      if (v === 'true' || v === 'false') return v === 'true';
      throw new EvalError(`bool() cannot convert ${typeName(v)}`);
  }
  throw new EvalError(`unknown function ${name}()`);
}

const UNIT_MILLIS: Record<string, number> = {
  w: 7 * 24 * 3600e3,
  d: 24 * 3600e3,
  h: 3600e3,
  m: 60e3,
  s: 1e3,
  ms: 1,
  us: 1e-3,
  ns: 1e-6,
};

function namespaceFunction(ns: string, name: string, args: Value[]): Value {
  const arity = (n: number) => {
    if (args.length !== n) throw new EvalError(`${ns}.${name}() takes ${n} argument(s)`);
  };
  if (ns === 'math') {
    if (name === 'pow') {
      arity(2);
      return Math.pow(requireNumber(args[0], 'base'), requireNumber(args[1], 'exponent'));
    }
    arity(1);
    const v = args[0];
    switch (name) {
      case 'abs':
        if (typeof v === 'bigint') return checkedInt(v < 0n ? -v : v);
        return Math.abs(requireNumber(v, 'math.abs argument'));
      case 'ceil':
        return checkedInt(BigInt(Math.ceil(requireNumber(v, 'math.ceil argument'))));
      case 'floor':
        return checkedInt(BigInt(Math.floor(requireNumber(v, 'math.floor argument'))));
      case 'round':
        return checkedInt(BigInt(Math.round(requireNumber(v, 'math.round argument'))));
      case 'sqrt':
        return Math.sqrt(requireNumber(v, 'math.sqrt argument'));
      case 'isInfinite':
        return !Number.isFinite(requireNumber(v, 'argument')) && !Number.isNaN(Number(v));
      case 'isNaN':
        return Number.isNaN(requireNumber(v, 'argument'));
    }
  }
  if (ns === 'duration') {
    if (name === 'value') {
      arity(2);
      const unit = requireString(args[1], 'duration unit');
      if (!(unit in UNIT_MILLIS))
        throw new EvalError(`unknown duration unit ${JSON.stringify(unit)}`);
      return new RulesDuration(
        Number(requireInt(args[0], 'duration magnitude')) * UNIT_MILLIS[unit],
      );
    }
    if (name === 'time') {
      arity(4);
      const [h, m, s, n] = args.map((a, i) =>
        Number(requireInt(a, `duration.time argument ${i + 1}`)),
      );
      return new RulesDuration(h * 3600e3 + m * 60e3 + s * 1e3 + n * 1e-6);
    }
    if (name === 'abs') {
      arity(1);
      if (!(args[0] instanceof RulesDuration))
        throw new EvalError('duration.abs() needs a duration');
      return new RulesDuration(Math.abs(args[0].millis));
    }
  }
  if (ns === 'timestamp') {
    if (name === 'value') {
      arity(1);
      return new RulesTimestamp(Number(requireInt(args[0], 'epoch milliseconds')));
    }
    if (name === 'date') {
      arity(3);
      const [y, m, d] = args.map((a, i) =>
        Number(requireInt(a, `timestamp.date argument ${i + 1}`)),
      );
      return new RulesTimestamp(Date.UTC(y, m - 1, d));
    }
  }
  throw new EvalError(`${ns}.${name}() is not supported`);
}

function method(target: Value, name: string, args: Value[]): Value {
  const arity = (n: number) => {
    if (args.length !== n) throw new EvalError(`${name}() takes ${n} argument(s)`);
  };
  if (typeof target === 'string') {
    switch (name) {
      case 'size':
        arity(0);
        return BigInt([...target].length);
      case 'matches':
        arity(1);
        return compileRe2(requireString(args[0], 'matches() pattern')).test(target);
      case 'lower':
        arity(0);
        return target.toLowerCase();
      case 'upper':
        arity(0);
        return target.toUpperCase();
      case 'trim':
        arity(0);
        return target.trim();
      case 'split': {
        arity(1);
        const sep = requireString(args[0], 'split() separator');
        return target.split(compileRe2(sep, false));
      }
      case 'replace': {
        arity(2);
        const re = compileRe2(requireString(args[0], 'replace() pattern'), false, true);
        const sub = requireString(args[1], 'replace() substitution').replace(/\$/g, '$$$$');
        return target.replace(re, sub);
      }
    }
  } else if (Array.isArray(target)) {
    const other = () => requireList(args[0], `${name}() argument`);
    switch (name) {
      case 'size':
        arity(0);
        return BigInt(target.length);
      case 'hasAll':
        arity(1);
        return other().every((x) => target.some((y) => valuesEqual(x, y)));
      case 'hasAny':
        arity(1);
        return other().some((x) => target.some((y) => valuesEqual(x, y)));
      case 'hasOnly': {
        arity(1);
        const allowed = other();
        return target.every((x) => allowed.some((y) => valuesEqual(x, y)));
      }
      case 'join':
        arity(1);
        return target
          .map((x) => requireString(x, 'joined element'))
          .join(requireString(args[0], 'separator'));
      case 'concat':
        arity(1);
        return [...target, ...other()];
      case 'removeAll': {
        arity(1);
        const drop = other();
        return target.filter((x) => !drop.some((y) => valuesEqual(x, y)));
      }
    }
  } else if (target instanceof RulesMap) {
    switch (name) {
      case 'size':
        arity(0);
        return BigInt(target.size);
      case 'keys':
        arity(0);
        return [...target.entries.keys()];
      case 'values':
        arity(0);
        return [...target.entries.values()];
      case 'get': {
        arity(2);
        const path = Array.isArray(args[0]) ? args[0] : [args[0]];
        let cur: Value = target;
        for (const k of path) {
          const key = requireString(k, 'map key');
          if (!(cur instanceof RulesMap) || !cur.has(key)) return args[1];
          cur = cur.get(key)!;
        }
        return cur;
      }
    }
  } else if (target instanceof RulesTimestamp) {
    const d = new Date(target.millis);
    arity(0);
    switch (name) {
      case 'date':
        return new RulesTimestamp(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
      case 'year':
        return BigInt(d.getUTCFullYear());
      case 'month':
        return BigInt(d.getUTCMonth() + 1);
      case 'day':
        return BigInt(d.getUTCDate());
      case 'hours':
        return BigInt(d.getUTCHours());
      case 'minutes':
        return BigInt(d.getUTCMinutes());
      case 'seconds':
        return BigInt(d.getUTCSeconds());
      case 'nanos':
        return BigInt(Math.round((target.millis - Math.floor(target.millis / 1000) * 1000) * 1e6));
      case 'toMillis':
        return BigInt(Math.floor(target.millis));
      case 'dayOfWeek':
        return BigInt(d.getUTCDay() === 0 ? 7 : d.getUTCDay());
      case 'dayOfYear':
        return BigInt(
          Math.floor((target.millis - Date.UTC(d.getUTCFullYear(), 0, 1)) / (24 * 3600e3)) + 1,
        );
      case 'time':
        return new RulesDuration(
          target.millis - Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()),
        );
    }
  } else if (target instanceof RulesDuration) {
    arity(0);
    switch (name) {
      case 'seconds':
        return BigInt(Math.trunc(target.millis / 1000));
      case 'nanos':
        return BigInt(Math.round((target.millis % 1000) * 1e6));
    }
  }
  throw new EvalError(`${typeName(target)} has no method ${name}()`);
}

const regexCache = new Map<string, RegExp>();

/**
 * Translates an RE2 pattern to a JS RegExp. By default anchored for full-match semantics (as
 * string.matches() does); split/replace search unanchored.
 */
export function compileRe2(pattern: string, anchored = true, global = false): RegExp {
  const key = `${anchored ? 'A' : 'U'}${global ? 'g' : ''}:${pattern}`;
  const cached = regexCache.get(key);
  if (cached) return cached;
  let src = pattern;
  let flags = global ? 'g' : '';
  const flagGroup = /^\(\?([a-zA-Z]+)\)/.exec(src);
  if (flagGroup) {
    for (const f of flagGroup[1]) {
      if (f === 'i' || f === 's' || f === 'm') flags += f;
      else throw new EvalError(`regular expression flag (?${f}) is not supported`);
    }
    src = src.slice(flagGroup[0].length);
  }
  if (/\(\?<?[=!]/.test(src))
    throw new EvalError(`lookaround assertions are not valid RE2: ${pattern}`);
  if (/(^|[^\\])\\[1-9]/.test(src))
    throw new EvalError(`backreferences are not valid RE2: ${pattern}`);
  if (src.includes('\\Q')) throw new EvalError(`\\Q...\\E quoting is not supported: ${pattern}`);
  src = src
    .replace(/\(\?P</g, '(?<')
    .replace(/\\A/g, '^')
    .replace(/\\z/g, '$');
  if (anchored) src = `^(?:${src})$`;
  let re: RegExp;
  try {
    re = new RegExp(src, flags + 'u');
  } catch {
    try {
      re = new RegExp(src, flags);
    } catch (err) {
      throw new EvalError(
        `invalid regular expression ${JSON.stringify(pattern)}: ${(err as Error).message}`,
      );
    }
  }
  if (regexCache.size > 1000) regexCache.clear();
  regexCache.set(key, re);
  return re;
}
