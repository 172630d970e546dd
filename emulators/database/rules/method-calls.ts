/** Calls in rule expressions: only methods exist, on snapshots and on strings. */
import type { Expr } from './expression';
import { compileSnapshotMethod, SNAPSHOT_METHODS } from './snapshot-methods';
import { STR, type Compiled, type ExpressionCompiler, type MethodCall } from './static-types';
import { compileStringMethod, STRING_METHODS } from './string-methods';

export function compileCall(
  c: ExpressionCompiler,
  node: Extract<Expr, { kind: 'call' }>,
): Compiled {
  if (node.callee.kind !== 'member') {
    return c.fail(
      node.callee.kind === 'ident'
        ? `unsupported function '${node.callee.name}()'`
        : 'only methods can be called',
      node.callee.pos,
    );
  }
  const { object, property: method, pos } = node.callee;
  const args = node.args;
  const call: MethodCall = {
    method,
    args,
    pos,
    receiver: c.compile(object),
    arity(min, max = min) {
      if (args.length < min || args.length > max) {
        const expected = min === max ? `${min}` : `${min} to ${max}`;
        c.fail(
          `${method}() takes ${expected} argument${max === 1 ? '' : 's'}, got ${args.length}`,
          pos,
        );
      }
    },
    stringArg(i) {
      const a = c.compile(args[i]);
      c.need(a, STR, `argument ${i + 1} of ${method}()`, args[i].pos);
      return a.ev;
    },
  };
  if (SNAPSHOT_METHODS.has(method)) return compileSnapshotMethod(c, call);
  if (STRING_METHODS.has(method)) return compileStringMethod(c, call);
  return c.fail(`unsupported method '${method}()'`, pos);
}
