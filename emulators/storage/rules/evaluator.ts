/**
 * Evaluates a checked condition against one request. An evaluation error (EvalError) is the
 * caller's to catch: it makes that allow false.
 */
import type { Expr } from './syntax-tree';
import type { CallTargets } from './checker';
import { binaryOperator } from './operators';
import { globalFunction, namespaceFunction } from './built-in-functions';
import { callMethod } from './built-in-methods';
import { NAMESPACES } from './supported-names';
import {
  checkedInt,
  EvalError,
  isNumber,
  requireBool,
  requireInt,
  requireString,
  RulesDuration,
  RulesMap,
  typeName,
  type Value,
} from './values';

const MAX_CALL_DEPTH = 20;

/** The variables in scope, and how many user-function calls deep the evaluation is. */
export interface Env {
  vars: Map<string, Value>;
  depth: number;
}

export class Evaluator {
  constructor(private readonly callTargets: CallTargets) {}

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
        return binaryOperator(e.op, this.eval(e.left, env), this.eval(e.right, env));
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
      target.params.forEach((p, i) => vars.set(p, args[i]));
      const inner: Env = { vars, depth: env.depth + 1 };
      for (const l of target.lets) vars.set(l.name, this.eval(l.value, inner));
      return this.eval(target.body, inner);
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
      return callMethod(
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
