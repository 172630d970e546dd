/**
 * What the compile-time checks know about an expression: the set of run-time types it may have,
 * as a bit mask, next to the closure that evaluates it.
 */
import type { Expr } from './expression';
import type { ConditionOptions, RuleEnv } from './rule-env';

// Static types are sets of possible runtime types, as bit masks.
export const BOOL = 1;
export const NUM = 2;
export const STR = 4;
export const NULL = 8;
export const SNAP = 16;
export const AUTH = 32;
export const QUERY = 64;
export const MAP = 128; // a claim object inside auth.token
export const PRIM = BOOL | NUM | STR | NULL;
export const ANY = PRIM | MAP;

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
export const typeName = (t: number): string =>
  TYPE_NAMES.filter(([bit]) => t & bit)
    .map(([, name]) => name)
    .join(' or ');

export type Eval = (env: RuleEnv) => unknown;

export interface Compiled {
  type: number;
  ev: Eval;
}

/** What every construct's compiler needs: recursion, type demands and load-time errors. */
export interface ExpressionCompiler {
  readonly options: ConditionOptions;
  compile(node: Expr): Compiled;
  /** Fails at load unless `c` may have one of the `allowed` types. */
  need(c: Compiled, allowed: number, what: string, pos: number): void;
  fail(message: string, pos: number): never;
}

/** One method call being compiled, with the argument checks every method uses. */
export interface MethodCall {
  method: string;
  args: Expr[];
  pos: number;
  receiver: Compiled;
  /** Fails at load unless the call has between `min` and `max` arguments. */
  arity(min: number, max?: number): void;
  /** Compiles argument `i`, which must be able to be a string. */
  stringArg(i: number): Eval;
}
