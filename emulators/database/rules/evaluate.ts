/**
 * Turns a parsed rule expression into a closure, checking it first the way the real service
 * does when rules are deployed: unknown variables, properties and methods, wrong argument
 * counts, values that can never be valid operands, and non-boolean rules are RulesErrors.
 *
 * At run time, what the service reports as an evaluation error (a method on null, a type
 * mismatch, a child() of a non-string…) makes the whole rule false.
 */
import { createExpressionCompiler } from './compile-expression';
import { describeExpressionError, RulesError } from './errors';
import { parseExpression, type Expr } from './expression';
import type { ConditionOptions, RuleEnv } from './rule-env';
import { BOOL, typeName } from './static-types';

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
  const compiler = createExpressionCompiler(options, fail);
  // Every possible result must be able to be a boolean: `x ? 7 : true` is rejected too.
  const mustBeBoolean = (n: Expr): void => {
    if (n.kind === 'conditional') {
      mustBeBoolean(n.consequent);
      mustBeBoolean(n.alternate);
      return;
    }
    const { type } = compiler.compile(n);
    if (!(type & BOOL))
      fail(`a rule must evaluate to a boolean, but this is a ${typeName(type)}`, n.pos);
  };
  mustBeBoolean(ast);
  const ev = compiler.compile(ast).ev;
  return (env) => {
    try {
      return ev(env) === true;
    } catch {
      return false; // an evaluation error denies, as on the real service
    }
  };
}
