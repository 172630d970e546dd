/**
 * The variables a rule can name: auth, now, root, data, newData (writes only), query (reads only)
 * and the $wildcards bound on the rule's path.
 */
import {
  AUTH,
  NULL,
  NUM,
  QUERY,
  SNAP,
  STR,
  type Compiled,
  type ExpressionCompiler,
} from './static-types';

export function compileIdentifier(c: ExpressionCompiler, name: string, pos: number): Compiled {
  const { options, fail } = c;
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
      if (options.kind === 'read') fail("'newData' is not available in .read rules", pos);
      return { type: SNAP, ev: (env) => env.newData };
    case 'query':
      if (options.kind !== 'read')
        fail(`'query' is only available in .read rules, not in .${options.kind}`, pos);
      return { type: QUERY, ev: (env) => env.query };
  }
  if (name.startsWith('$')) {
    if (!options.vars.has(name))
      fail(`unknown variable '${name}' (no ${name} wildcard on this rule's path)`, pos);
    return { type: STR, ev: (env) => env.vars[name] };
  }
  return fail(`unknown variable '${name}'`, pos);
}
