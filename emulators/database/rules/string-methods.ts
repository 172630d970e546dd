/** The methods of a string: contains, beginsWith, endsWith, replace, toLowerCase, toUpperCase, matches. */
import type { RuleEnv } from './rule-env';
import { compileRegex } from './rules-regex';
import { asString } from './runtime-values';
import {
  BOOL,
  STR,
  typeName,
  type Compiled,
  type ExpressionCompiler,
  type MethodCall,
} from './static-types';

export const STRING_METHODS = new Set([
  'contains',
  'beginsWith',
  'endsWith',
  'replace',
  'toLowerCase',
  'toUpperCase',
  'matches',
]);

export function compileStringMethod(c: ExpressionCompiler, call: MethodCall): Compiled {
  const { method, args, pos, receiver, arity, stringArg } = call;
  const t = receiver.type;
  const obj = receiver.ev;
  if (!(t & STR)) c.fail(`${method}() is a string method, not available on a ${typeName(t)}`, pos);
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
        return c.fail('matches() takes a regular expression literal such as /^[a-z]+$/', re.pos);
      const regex = compileRegex(re.source, re.flags, (m) => c.fail(m, re.pos));
      return { type: BOOL, ev: (env) => regex.test(str(env)) };
    }
  }
}
