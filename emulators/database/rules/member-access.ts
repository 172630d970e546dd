/**
 * Property access in rule expressions: `query.*`, `auth.uid` / `auth.provider` / `auth.token`,
 * `.length` of a string, and claims inside auth.token (dotted or computed `[...]`). Snapshots have
 * methods, not properties.
 */
import type { Expr } from './expression';
import type { RulesAuth } from './types';
import { claim, failEval, hasOwn, isPlainObject } from './runtime-values';
import { SNAPSHOT_METHODS } from './snapshot-methods';
import {
  ANY,
  AUTH,
  BOOL,
  MAP,
  NULL,
  NUM,
  PRIM,
  QUERY,
  SNAP,
  STR,
  typeName,
  type Compiled,
  type ExpressionCompiler,
} from './static-types';
import { STRING_METHODS } from './string-methods';

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

export function compileMember(
  c: ExpressionCompiler,
  objectNode: Expr,
  property: string,
  pos: number,
): Compiled {
  const object = c.compile(objectNode);
  const t = object.type;
  if (t & SNAP) {
    if (t !== SNAP) c.fail(`cannot access '${property}' on a ${typeName(t)}`, pos);
    return c.fail(
      SNAPSHOT_METHODS.has(property)
        ? `'${property}' is a method and must be called: ${property}()`
        : `snapshots have no property '${property}' (use child('${property}'))`,
      pos,
    );
  }
  if (t & QUERY) {
    if (t !== QUERY) c.fail(`cannot access '${property}' on a ${typeName(t)}`, pos);
    const type = hasOwn(QUERY_PROPERTIES, property)
      ? QUERY_PROPERTIES[property]
      : c.fail(`unknown property 'query.${property}'`, pos);
    return { type, ev: (env) => (env.query as unknown as Record<string, unknown>)[property] };
  }
  if (t & AUTH) {
    if (t & ~(AUTH | NULL)) c.fail(`cannot access '${property}' on a ${typeName(t)}`, pos);
    return compileAuthProperty(c, object, property, pos);
  }
  if (STRING_METHODS.has(property))
    c.fail(`'${property}' is a method and must be called: ${property}(…)`, pos);
  const obj = object.ev;
  if (property === 'length') {
    c.need(object, STR | MAP, "'length'", pos);
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
  if (!(t & MAP)) c.fail(`a ${typeName(t)} has no property '${property}'`, pos);
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

/** auth.x is null when signed out (observed on the real service), so `auth.uid != 'x'` works. */
function compileAuthProperty(
  c: ExpressionCompiler,
  object: Compiled,
  property: string,
  pos: number,
): Compiled {
  const obj = object.ev;
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
      return c.fail(
        `unknown property 'auth.${property}' (auth has uid, provider and token; custom claims are auth.token.${property})`,
        pos,
      );
  }
}

/** `claims[expr]`: computed property names are only allowed on auth.token claims. */
export function compileIndex(
  c: ExpressionCompiler,
  node: Extract<Expr, { kind: 'index' }>,
): Compiled {
  const object = c.compile(node.object);
  if (!(object.type & MAP) || object.type & (SNAP | AUTH | QUERY)) {
    c.fail(
      `computed property access [...] is only allowed on auth.token claims, not on a ${typeName(object.type)}`,
      node.pos,
    );
  }
  const index = c.compile(node.index);
  c.need(index, STR | NUM, 'a computed property name', node.index.pos);
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
