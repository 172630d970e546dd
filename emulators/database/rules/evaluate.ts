/**
 * Turns a parsed rule expression into a closure, checking it first the way the real service
 * does when rules are deployed: unknown variables, properties and methods, wrong argument
 * counts, values that can never be valid operands, and non-boolean rules are RulesErrors.
 *
 * At run time, what the service reports as an evaluation error (a method on null, a type
 * mismatch, a child() of a non-string…) makes the whole rule false.
 */
import { RulesError } from './errors';
import { describeExpressionError, parseExpression, type Expr } from './expression';
import { OBJECT_VALUE, RuleSnapshot } from './snapshot';
import type { JsonValue, RulesAuth, RulesQuery } from './types';

export type RuleKind = 'read' | 'write' | 'validate';

/** Everything a rule can see while it runs. */
export interface RuleEnv {
  auth: RulesAuth | null;
  now: number;
  root: RuleSnapshot;
  data: RuleSnapshot;
  /** Only for .write and .validate. */
  newData: RuleSnapshot | null;
  /** Only for .read. */
  query: QueryValues | null;
  vars: Readonly<Record<string, string>>;
}

/** The `query` variable: every property always present (false / null when unused). */
export interface QueryValues {
  orderByKey: boolean;
  orderByValue: boolean;
  orderByPriority: boolean;
  orderByChild: string | null;
  startAt: JsonValue;
  endAt: JsonValue;
  equalTo: JsonValue;
  limitToFirst: number | null;
  limitToLast: number | null;
}

export function queryValues(query: RulesQuery | undefined): QueryValues {
  const q = query ?? {};
  const orderByKey = q.orderByKey === true;
  const orderByValue = q.orderByValue === true;
  const orderByChild = typeof q.orderByChild === 'string' ? q.orderByChild : null;
  let orderByPriority = q.orderByPriority === true;
  const limitToFirst = typeof q.limitToFirst === 'number' ? q.limitToFirst : null;
  const limitToLast = typeof q.limitToLast === 'number' ? q.limitToLast : null;
  const startAt = q.startAt === undefined ? null : q.startAt;
  const endAt = q.endAt === undefined ? null : q.endAt;
  const equalTo = q.equalTo === undefined ? null : q.equalTo;
  const ordered = orderByKey || orderByValue || orderByPriority || orderByChild !== null;
  const filtered =
    limitToFirst !== null ||
    limitToLast !== null ||
    startAt !== null ||
    endAt !== null ||
    equalTo !== null;
  // As observed on the real service: a plain read (no query) is an ordered-by-key read, while
  // a query without an orderBy* uses the SDK's default index, priority.
  let key = orderByKey;
  if (!ordered) {
    if (filtered) orderByPriority = true;
    else key = true;
  }
  return {
    orderByKey: key,
    orderByValue,
    orderByPriority,
    orderByChild,
    startAt,
    endAt,
    equalTo,
    limitToFirst,
    limitToLast,
  };
}

/** Thrown while a rule runs for what the real service treats as an evaluation error. */
class EvalFailure extends Error {}
const failEval = (message: string): never => {
  throw new EvalFailure(message);
};

// Static types are sets of possible runtime types, as bit masks.
const BOOL = 1;
const NUM = 2;
const STR = 4;
const NULL = 8;
const SNAP = 16;
const AUTH = 32;
const QUERY = 64;
const MAP = 128; // a claim object inside auth.token
const PRIM = BOOL | NUM | STR | NULL;
const ANY = PRIM | MAP;

const TYPE_NAMES: [number, string][] = [
  [BOOL, 'boolean'],
  [NUM, 'number'],
  [STR, 'string'],
  [NULL, 'null'],
  [SNAP, 'snapshot'],
  [AUTH, 'auth'],
  [QUERY, 'query'],
  [MAP, 'object'],
];
const typeName = (t: number): string =>
  TYPE_NAMES.filter(([bit]) => t & bit)
    .map(([, name]) => name)
    .join(' or ');

type Eval = (env: RuleEnv) => unknown;
interface Compiled {
  type: number;
  ev: Eval;
}

const SNAPSHOT_METHODS = new Set([
  'val',
  'child',
  'parent',
  'hasChild',
  'hasChildren',
  'exists',
  'isString',
  'isNumber',
  'isBoolean',
  'getPriority',
]);
const STRING_METHODS = new Set([
  'contains',
  'beginsWith',
  'endsWith',
  'replace',
  'toLowerCase',
  'toUpperCase',
  'matches',
]);
const QUERY_PROPERTIES: Record<string, number> = {
  orderByKey: BOOL,
  orderByValue: BOOL,
  orderByPriority: BOOL,
  orderByChild: STR | NULL,
  startAt: PRIM,
  endAt: PRIM,
  equalTo: PRIM,
  limitToFirst: NUM | NULL,
  limitToLast: NUM | NULL,
};

const hasOwn = (obj: object, key: string): boolean =>
  Object.prototype.hasOwnProperty.call(obj, key);

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !(v instanceof RuleSnapshot);
}

/** A claim value as rules see it: undefined is null. */
function claim(obj: Record<string, unknown> | unknown[], key: string): unknown {
  if (Array.isArray(obj)) {
    if (!/^(?:0|[1-9]\d*)$/.test(key)) return null;
    const v = obj[Number(key)];
    return v === undefined ? null : v;
  }
  if (!hasOwn(obj, key)) return null;
  const v = obj[key];
  return v === undefined ? null : v;
}

function asString(v: unknown, what: string): string {
  return typeof v === 'string' ? v : failEval(`${what} must be a string`);
}
function asNumber(v: unknown, what: string): number {
  return typeof v === 'number' ? v : failEval(`${what} must be a number`);
}
function asBoolean(v: unknown, what: string): boolean {
  return typeof v === 'boolean' ? v : failEval(`${what} must be a boolean`);
}
function asSnapshot(v: unknown): RuleSnapshot {
  return v instanceof RuleSnapshot ? v : failEval('not a snapshot');
}

/** Firebase's regular expression subset, checked so that a pattern the service rejects fails at load. */
function compileRegex(source: string, flags: string, fail: (message: string) => never): RegExp {
  if (flags !== '' && flags !== 'i')
    fail(`unsupported regular expression flags '${flags}' (only 'i' is allowed)`);
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      const e = source[i + 1];
      if (e !== undefined && /[1-9bBkpPcxu0]/.test(e))
        fail(`unsupported regular expression escape '\\${e}'`);
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') {
      inClass = true;
      if (source[i + 1] === '^') i++;
      if (source[i + 1] === ']') i++;
    } else if (c === '(' && source[i + 1] === '?') {
      fail("unsupported regular expression group '(?'");
    } else if (c === '^' && i !== 0) {
      fail("'^' is only allowed at the start of a regular expression");
    } else if (c === '$' && i !== source.length - 1) {
      fail("'$' is only allowed at the end of a regular expression");
    }
  }
  try {
    return new RegExp(source, flags);
  } catch (e) {
    return fail(`invalid regular expression /${source}/${flags}: ${(e as Error).message}`);
  }
}

function equal(a: unknown, b: unknown): boolean {
  if (a === OBJECT_VALUE || b === OBJECT_VALUE) return false;
  return a === b;
}

export interface ConditionOptions {
  kind: RuleKind;
  /** Wildcard variables ($name) bound on this rule's path. */
  vars: ReadonlySet<string>;
  /** Where the rule sits, for error messages, e.g. "/users/$uid/.write". */
  location: string;
}

export type Condition = (env: RuleEnv) => boolean;

/** Compiles a `.read`/`.write`/`.validate` value (boolean or expression string). */
export function compileCondition(rule: boolean | string, options: ConditionOptions): Condition {
  if (typeof rule === 'boolean') return rule ? () => true : () => false;
  const source = rule;
  const fail = (message: string, pos: number): never => {
    throw new RulesError(`${options.location}: ${describeExpressionError(source, pos, message)}`);
  };
  let ast: Expr;
  try {
    ast = parseExpression(source);
  } catch (e) {
    if (e instanceof RulesError) throw new RulesError(`${options.location}: ${e.message}`);
    throw e;
  }
  // Every possible result must be able to be a boolean: `x ? 7 : true` is rejected too.
  const mustBeBoolean = (n: Expr): void => {
    if (n.kind === 'conditional') {
      mustBeBoolean(n.consequent);
      mustBeBoolean(n.alternate);
      return;
    }
    const { type } = compileExpr(n, options, fail);
    if (!(type & BOOL))
      fail(`a rule must evaluate to a boolean, but this is a ${typeName(type)}`, n.pos);
  };
  mustBeBoolean(ast);
  const ev = compileExpr(ast, options, fail).ev;
  return (env) => {
    try {
      return ev(env) === true;
    } catch {
      return false; // an evaluation error denies, as on the real service
    }
  };
}

function compileExpr(
  node: Expr,
  options: ConditionOptions,
  fail: (message: string, pos: number) => never,
): Compiled {
  const compile = (n: Expr): Compiled => compileExpr(n, options, fail);
  const need = (c: Compiled, allowed: number, what: string, pos: number): void => {
    if (!(c.type & allowed))
      fail(`${what} must be a ${typeName(allowed)}, not a ${typeName(c.type)}`, pos);
  };

  switch (node.kind) {
    case 'literal': {
      const value = node.value;
      const type =
        value === null
          ? NULL
          : typeof value === 'boolean'
            ? BOOL
            : typeof value === 'number'
              ? NUM
              : STR;
      return { type, ev: () => value };
    }
    case 'regex':
      return fail('a regular expression is only allowed as the argument of matches()', node.pos);
    case 'array':
      return fail('an array literal is only allowed as the argument of hasChildren()', node.pos);

    case 'ident': {
      const name = node.name;
      switch (name) {
        case 'auth':
          return { type: AUTH | NULL, ev: (env) => env.auth };
        case 'now':
          return { type: NUM, ev: (env) => env.now };
        case 'root':
          return { type: SNAP, ev: (env) => env.root };
        case 'data':
          return { type: SNAP, ev: (env) => env.data };
        case 'newData':
          if (options.kind === 'read') fail("'newData' is not available in .read rules", node.pos);
          return { type: SNAP, ev: (env) => env.newData };
        case 'query':
          if (options.kind !== 'read')
            fail(`'query' is only available in .read rules, not in .${options.kind}`, node.pos);
          return { type: QUERY, ev: (env) => env.query };
      }
      if (name.startsWith('$')) {
        if (!options.vars.has(name))
          fail(`unknown variable '${name}' (no ${name} wildcard on this rule's path)`, node.pos);
        return { type: STR, ev: (env) => env.vars[name] };
      }
      return fail(`unknown variable '${name}'`, node.pos);
    }

    case 'member':
      return compileMember(node.object, node.property, node.pos);

    case 'index': {
      const object = compile(node.object);
      if (!(object.type & MAP) || object.type & (SNAP | AUTH | QUERY)) {
        fail(
          `computed property access [...] is only allowed on auth.token claims, not on a ${typeName(object.type)}`,
          node.pos,
        );
      }
      const index = compile(node.index);
      need(index, STR | NUM, 'a computed property name', node.index.pos);
      const obj = object.ev;
      const idx = index.ev;
      return {
        type: ANY,
        ev: (env) => {
          const o = obj(env);
          const k = idx(env);
          if (!isPlainObject(o)) return failEval('property of a non-object');
          if (typeof k !== 'string' && typeof k !== 'number') return failEval('bad property name');
          return claim(o, String(k));
        },
      };
    }

    case 'call': {
      if (node.callee.kind !== 'member') {
        return fail(
          node.callee.kind === 'ident'
            ? `unsupported function '${node.callee.name}()'`
            : 'only methods can be called',
          node.callee.pos,
        );
      }
      return compileCall(node.callee.object, node.callee.property, node.args, node.callee.pos);
    }

    case 'unary': {
      const operand = compile(node.operand);
      const ev = operand.ev;
      if (node.op === '!') {
        need(operand, BOOL, "the operand of '!'", node.operand.pos);
        return { type: BOOL, ev: (env) => !asBoolean(ev(env), "the operand of '!'") };
      }
      need(operand, NUM, "the operand of unary '-'", node.operand.pos);
      return { type: NUM, ev: (env) => -asNumber(ev(env), "the operand of unary '-'") };
    }

    case 'logical': {
      const left = compile(node.left);
      const right = compile(node.right);
      need(left, BOOL, `the left operand of '${node.op}'`, node.left.pos);
      need(right, BOOL, `the right operand of '${node.op}'`, node.right.pos);
      const l = left.ev;
      const r = right.ev;
      return node.op === '&&'
        ? {
            type: BOOL,
            ev: (env) => asBoolean(l(env), "'&&' operand") && asBoolean(r(env), "'&&' operand"),
          }
        : {
            type: BOOL,
            ev: (env) => asBoolean(l(env), "'||' operand") || asBoolean(r(env), "'||' operand"),
          };
    }

    case 'conditional': {
      const test = compile(node.test);
      need(test, BOOL, 'the condition of ?:', node.test.pos);
      const consequent = compile(node.consequent);
      const alternate = compile(node.alternate);
      const t = test.ev;
      const c = consequent.ev;
      const a = alternate.ev;
      return {
        type: consequent.type | alternate.type,
        ev: (env) => (asBoolean(t(env), 'the condition of ?:') ? c(env) : a(env)),
      };
    }

    case 'binary': {
      const left = compile(node.left);
      const right = compile(node.right);
      const l = left.ev;
      const r = right.ev;
      const op = node.op;
      switch (op) {
        case '==':
        case '===':
        case '!=':
        case '!==': {
          for (const [side, c] of [
            [node.left, left],
            [node.right, right],
          ] as const) {
            if (c.type & SNAP)
              fail(
                `a snapshot cannot be compared with '${op}' (use .val() or .exists())`,
                side.pos,
              );
            if (c.type & QUERY) fail(`'query' cannot be compared with '${op}'`, side.pos);
          }
          return op === '==' || op === '==='
            ? { type: BOOL, ev: (env) => equal(l(env), r(env)) }
            : { type: BOOL, ev: (env) => !equal(l(env), r(env)) };
        }
        case '<':
        case '<=':
        case '>':
        case '>=': {
          need(left, NUM | STR, `the left operand of '${op}'`, node.left.pos);
          need(right, NUM | STR, `the right operand of '${op}'`, node.right.pos);
          const cmp = (a: unknown, b: unknown): [number, number] | [string, string] => {
            if (typeof a === 'number' && typeof b === 'number') return [a, b];
            if (typeof a === 'string' && typeof b === 'string') return [a, b];
            return failEval(`'${op}' needs two numbers or two strings`);
          };
          switch (op) {
            case '<':
              return {
                type: BOOL,
                ev: (env) => {
                  const [a, b] = cmp(l(env), r(env));
                  return a < b;
                },
              };
            case '<=':
              return {
                type: BOOL,
                ev: (env) => {
                  const [a, b] = cmp(l(env), r(env));
                  return a <= b;
                },
              };
            case '>':
              return {
                type: BOOL,
                ev: (env) => {
                  const [a, b] = cmp(l(env), r(env));
                  return a > b;
                },
              };
            default:
              return {
                type: BOOL,
                ev: (env) => {
                  const [a, b] = cmp(l(env), r(env));
                  return a >= b;
                },
              };
          }
        }
        case '+': {
          need(left, NUM | STR, "the left operand of '+'", node.left.pos);
          need(right, NUM | STR, "the right operand of '+'", node.right.pos);
          const maybeString = (left.type | right.type) & STR;
          const maybeNumber = left.type & NUM && right.type & NUM;
          return {
            type: (maybeString ? STR : 0) | (maybeNumber ? NUM : 0),
            ev: (env) => {
              const a = l(env);
              const b = r(env);
              if (typeof a === 'number' && typeof b === 'number') return a + b;
              if (
                (typeof a === 'string' || typeof a === 'number') &&
                (typeof b === 'string' || typeof b === 'number')
              ) {
                return String(a) + String(b);
              }
              return failEval("'+' needs numbers or strings");
            },
          };
        }
        default: {
          need(left, NUM, `the left operand of '${op}'`, node.left.pos);
          need(right, NUM, `the right operand of '${op}'`, node.right.pos);
          const arith = (a: number, b: number): number => {
            switch (op) {
              case '-':
                return a - b;
              case '*':
                return a * b;
              case '/':
                return b === 0 ? NaN : a / b;
              default:
                return a % b;
            }
          };
          return {
            type: NUM,
            ev: (env) =>
              arith(asNumber(l(env), `operand of '${op}'`), asNumber(r(env), `operand of '${op}'`)),
          };
        }
      }
    }
  }

  function compileMember(objectNode: Expr, property: string, pos: number): Compiled {
    const object = compile(objectNode);
    const t = object.type;
    const obj = object.ev;
    if (t & SNAP) {
      if (t !== SNAP) fail(`cannot access '${property}' on a ${typeName(t)}`, pos);
      return fail(
        SNAPSHOT_METHODS.has(property)
          ? `'${property}' is a method and must be called: ${property}()`
          : `snapshots have no property '${property}' (use child('${property}'))`,
        pos,
      );
    }
    if (t & QUERY) {
      if (t !== QUERY) fail(`cannot access '${property}' on a ${typeName(t)}`, pos);
      const type = hasOwn(QUERY_PROPERTIES, property)
        ? QUERY_PROPERTIES[property]
        : fail(`unknown property 'query.${property}'`, pos);
      return { type, ev: (env) => (env.query as unknown as Record<string, unknown>)[property] };
    }
    if (t & AUTH) {
      if (t & ~(AUTH | NULL)) fail(`cannot access '${property}' on a ${typeName(t)}`, pos);
      // auth.x is null when signed out (observed on the real service), so `auth.uid != 'x'` works.
      switch (property) {
        case 'uid':
        case 'provider':
          return {
            type: STR | NULL,
            ev: (env) => {
              const a = obj(env) as RulesAuth | null;
              return a === null ? null : a[property];
            },
          };
        case 'token':
          return {
            type: MAP | NULL,
            ev: (env) => {
              const a = obj(env) as RulesAuth | null;
              return a === null ? null : a.token;
            },
          };
        default:
          return fail(
            `unknown property 'auth.${property}' (auth has uid, provider and token; custom claims are auth.token.${property})`,
            pos,
          );
      }
    }
    if (STRING_METHODS.has(property))
      fail(`'${property}' is a method and must be called: ${property}(…)`, pos);
    if (property === 'length') {
      need(object, STR | MAP, "'length'", pos);
      return {
        type: t & MAP ? ANY : NUM,
        ev: (env) => {
          const o = obj(env);
          if (typeof o === 'string') return o.length;
          if (isPlainObject(o)) return claim(o, 'length');
          return failEval("'length' of a non-string");
        },
      };
    }
    if (!(t & MAP)) fail(`a ${typeName(t)} has no property '${property}'`, pos);
    return {
      type: ANY,
      ev: (env) => {
        const o = obj(env);
        return isPlainObject(o)
          ? claim(o, property)
          : failEval(`property '${property}' of a non-object`);
      },
    };
  }

  function compileCall(objectNode: Expr, method: string, args: Expr[], pos: number): Compiled {
    const object = compile(objectNode);
    const t = object.type;
    const obj = object.ev;
    const arity = (min: number, max = min): void => {
      if (args.length < min || args.length > max) {
        const expected = min === max ? `${min}` : `${min} to ${max}`;
        fail(
          `${method}() takes ${expected} argument${max === 1 ? '' : 's'}, got ${args.length}`,
          pos,
        );
      }
    };
    const stringArg = (i: number): Eval => {
      const a = compile(args[i]);
      need(a, STR, `argument ${i + 1} of ${method}()`, args[i].pos);
      return a.ev;
    };

    if (SNAPSHOT_METHODS.has(method)) {
      if (t !== SNAP)
        fail(`${method}() is a snapshot method, not available on a ${typeName(t)}`, pos);
      const snap = (env: RuleEnv): RuleSnapshot => asSnapshot(obj(env));
      switch (method) {
        case 'val':
          arity(0);
          return { type: PRIM, ev: (env) => snap(env).val() };
        case 'child': {
          arity(1);
          const p = stringArg(0);
          return {
            type: SNAP,
            ev: (env) => snap(env).child(asString(p(env), 'the path of child()')),
          };
        }
        case 'parent':
          arity(0);
          return {
            type: SNAP,
            ev: (env) => snap(env).parent() ?? failEval('the root has no parent'),
          };
        case 'hasChild': {
          arity(1);
          const p = stringArg(0);
          return {
            type: BOOL,
            ev: (env) => snap(env).hasChild(asString(p(env), 'the path of hasChild()')),
          };
        }
        case 'hasChildren': {
          arity(0, 1);
          if (args.length === 0) return { type: BOOL, ev: (env) => snap(env).hasChildren() };
          const list = args[0];
          if (list.kind !== 'array')
            return fail('hasChildren() takes an array literal of child names', list.pos);
          if (list.elements.length === 0)
            return fail('hasChildren() needs a non-empty array', list.pos);
          const names = list.elements.map((e) => {
            const c = compile(e);
            need(c, STR, 'each name given to hasChildren()', e.pos);
            return c.ev;
          });
          return {
            type: BOOL,
            ev: (env) => {
              const s = snap(env);
              const paths = names.map((n) => asString(n(env), 'a name given to hasChildren()'));
              return paths.every((p) => s.hasChild(p));
            },
          };
        }
        case 'exists':
          arity(0);
          return { type: BOOL, ev: (env) => snap(env).exists() };
        case 'isString':
          arity(0);
          return { type: BOOL, ev: (env) => typeof snap(env).val() === 'string' };
        case 'isNumber':
          arity(0);
          return { type: BOOL, ev: (env) => typeof snap(env).val() === 'number' };
        case 'isBoolean':
          arity(0);
          return { type: BOOL, ev: (env) => typeof snap(env).val() === 'boolean' };
        default: // getPriority
          arity(0);
          return { type: NUM | STR | NULL, ev: (env) => snap(env).getPriority() };
      }
    }

    if (STRING_METHODS.has(method)) {
      if (!(t & STR))
        fail(`${method}() is a string method, not available on a ${typeName(t)}`, pos);
      const str = (env: RuleEnv): string => asString(obj(env), `the receiver of ${method}()`);
      switch (method) {
        case 'contains':
        case 'beginsWith':
        case 'endsWith': {
          arity(1);
          const a = stringArg(0);
          const what = `the argument of ${method}()`;
          if (method === 'contains')
            return { type: BOOL, ev: (env) => str(env).includes(asString(a(env), what)) };
          if (method === 'beginsWith')
            return { type: BOOL, ev: (env) => str(env).startsWith(asString(a(env), what)) };
          return { type: BOOL, ev: (env) => str(env).endsWith(asString(a(env), what)) };
        }
        case 'replace': {
          arity(2);
          const from = stringArg(0);
          const to = stringArg(1);
          return {
            type: STR,
            ev: (env) =>
              str(env)
                .split(asString(from(env), 'argument 1 of replace()'))
                .join(asString(to(env), 'argument 2 of replace()')),
          };
        }
        case 'toLowerCase':
          arity(0);
          return { type: STR, ev: (env) => str(env).toLowerCase() };
        case 'toUpperCase':
          arity(0);
          return { type: STR, ev: (env) => str(env).toUpperCase() };
        default: {
          // matches
          arity(1);
          const re = args[0];
          if (re.kind !== 'regex')
            return fail('matches() takes a regular expression literal such as /^[a-z]+$/', re.pos);
          const regex = compileRegex(re.source, re.flags, (m) => fail(m, re.pos));
          return { type: BOOL, ev: (env) => regex.test(str(env)) };
        }
      }
    }
    return fail(`unsupported method '${method}()'`, pos);
  }
}
