/** The methods of a snapshot (data, newData, root and what child() / parent() return). */
import type { RuleEnv } from './rule-env';
import type { RuleSnapshot } from './snapshot';
import { asSnapshot, asString, failEval } from './runtime-values';
import {
  BOOL,
  NULL,
  NUM,
  PRIM,
  SNAP,
  STR,
  typeName,
  type Compiled,
  type ExpressionCompiler,
  type MethodCall,
} from './static-types';

export const SNAPSHOT_METHODS = new Set([
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

export function compileSnapshotMethod(c: ExpressionCompiler, call: MethodCall): Compiled {
  const { method, args, pos, receiver, arity, stringArg } = call;
  const t = receiver.type;
  const obj = receiver.ev;
  if (t !== SNAP)
    c.fail(`${method}() is a snapshot method, not available on a ${typeName(t)}`, pos);
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
        return c.fail('hasChildren() takes an array literal of child names', list.pos);
      if (list.elements.length === 0)
        return c.fail('hasChildren() needs a non-empty array', list.pos);
      const names = list.elements.map((e) => {
        const name = c.compile(e);
        c.need(name, STR, 'each name given to hasChildren()', e.pos);
        return name.ev;
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
