/**
 * Compiles a rule expression node into its static type and evaluation closure, dispatching each
 * construct to its own compiler.
 */
import type { Expr } from './expression';
import { compileIdentifier } from './identifiers';
import { compileIndex, compileMember } from './member-access';
import { compileCall } from './method-calls';
import { compileBinary, compileConditional, compileLogical, compileUnary } from './operators';
import type { ConditionOptions } from './rule-env';
import {
  BOOL,
  NULL,
  NUM,
  STR,
  typeName,
  type Compiled,
  type ExpressionCompiler,
} from './static-types';

export function createExpressionCompiler(
  options: ConditionOptions,
  fail: (message: string, pos: number) => never,
): ExpressionCompiler {
  const compiler: ExpressionCompiler = {
    options,
    fail,
    compile: (node) => compileNode(compiler, node),
    need(c, allowed, what, pos) {
      if (!(c.type & allowed))
        fail(`${what} must be a ${typeName(allowed)}, not a ${typeName(c.type)}`, pos);
    },
  };
  return compiler;
}

function compileNode(c: ExpressionCompiler, node: Expr): Compiled {
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
      return c.fail('a regular expression is only allowed as the argument of matches()', node.pos);
    case 'array':
      return c.fail('an array literal is only allowed as the argument of hasChildren()', node.pos);
    case 'ident':
      return compileIdentifier(c, node.name, node.pos);
    case 'member':
      return compileMember(c, node.object, node.property, node.pos);
    case 'index':
      return compileIndex(c, node);
    case 'call':
      return compileCall(c, node);
    case 'unary':
      return compileUnary(c, node);
    case 'logical':
      return compileLogical(c, node);
    case 'conditional':
      return compileConditional(c, node);
    case 'binary':
      return compileBinary(c, node);
  }
}
