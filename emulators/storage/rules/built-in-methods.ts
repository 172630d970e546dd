/** Methods on runtime values: string, list, map, timestamp and duration. */
import { compileRe2 } from './re2';
import {
  EvalError,
  requireList,
  requireString,
  RulesDuration,
  RulesMap,
  RulesTimestamp,
  typeName,
  valuesEqual,
  type Value,
} from './values';

/** Calls method `name` on `target`; an unknown method or a wrong argument is an EvalError. */
export function callMethod(target: Value, name: string, args: Value[]): Value {
  const arity = (n: number) => {
    if (args.length !== n) throw new EvalError(`${name}() takes ${n} argument(s)`);
  };
  const result =
    typeof target === 'string'
      ? stringMethod(target, name, args, arity)
      : Array.isArray(target)
        ? listMethod(target, name, args, arity)
        : target instanceof RulesMap
          ? mapMethod(target, name, args, arity)
          : target instanceof RulesTimestamp
            ? timestampMethod(target, name, arity)
            : target instanceof RulesDuration
              ? durationMethod(target, name, arity)
              : undefined;
  if (result !== undefined) return result;
  throw new EvalError(`${typeName(target)} has no method ${name}()`);
}

/** Checks the argument count of the method being called. */
type Arity = (n: number) => void;

function stringMethod(
  target: string,
  name: string,
  args: Value[],
  arity: Arity,
): Value | undefined {
  switch (name) {
    case 'size':
      arity(0);
      return BigInt([...target].length);
    case 'matches':
      arity(1);
      return compileRe2(requireString(args[0], 'matches() pattern')).test(target);
    case 'lower':
      arity(0);
      return target.toLowerCase();
    case 'upper':
      arity(0);
      return target.toUpperCase();
    case 'trim':
      arity(0);
      return target.trim();
    case 'split': {
      arity(1);
      const sep = requireString(args[0], 'split() separator');
      return target.split(compileRe2(sep, false));
    }
    case 'replace': {
      arity(2);
      const re = compileRe2(requireString(args[0], 'replace() pattern'), false, true);
      const sub = requireString(args[1], 'replace() substitution').replace(/\$/g, '$$$$');
      return target.replace(re, sub);
    }
  }
  return undefined;
}

function listMethod(target: Value[], name: string, args: Value[], arity: Arity): Value | undefined {
  const other = () => requireList(args[0], `${name}() argument`);
  switch (name) {
    case 'size':
      arity(0);
      return BigInt(target.length);
    case 'hasAll':
      arity(1);
      return other().every((x) => target.some((y) => valuesEqual(x, y)));
    case 'hasAny':
      arity(1);
      return other().some((x) => target.some((y) => valuesEqual(x, y)));
    case 'hasOnly': {
      arity(1);
      const allowed = other();
      return target.every((x) => allowed.some((y) => valuesEqual(x, y)));
    }
    case 'join':
      arity(1);
      return target
        .map((x) => requireString(x, 'joined element'))
        .join(requireString(args[0], 'separator'));
    case 'concat':
      arity(1);
      return [...target, ...other()];
    case 'removeAll': {
      arity(1);
      const drop = other();
      return target.filter((x) => !drop.some((y) => valuesEqual(x, y)));
    }
  }
  return undefined;
}

function mapMethod(target: RulesMap, name: string, args: Value[], arity: Arity): Value | undefined {
  switch (name) {
    case 'size':
      arity(0);
      return BigInt(target.size);
    case 'keys':
      arity(0);
      return [...target.entries.keys()];
    case 'values':
      arity(0);
      return [...target.entries.values()];
    case 'get': {
      arity(2);
      const path = Array.isArray(args[0]) ? args[0] : [args[0]];
      let cur: Value = target;
      for (const k of path) {
        const key = requireString(k, 'map key');
        if (!(cur instanceof RulesMap) || !cur.has(key)) return args[1];
        cur = cur.get(key)!;
      }
      return cur;
    }
  }
  return undefined;
}

function timestampMethod(target: RulesTimestamp, name: string, arity: Arity): Value | undefined {
  const d = new Date(target.millis);
  arity(0);
  switch (name) {
    case 'date':
      return new RulesTimestamp(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
    case 'year':
      return BigInt(d.getUTCFullYear());
    case 'month':
      return BigInt(d.getUTCMonth() + 1);
    case 'day':
      return BigInt(d.getUTCDate());
    case 'hours':
      return BigInt(d.getUTCHours());
    case 'minutes':
      return BigInt(d.getUTCMinutes());
    case 'seconds':
      return BigInt(d.getUTCSeconds());
    case 'nanos':
      return BigInt(Math.round((target.millis - Math.floor(target.millis / 1000) * 1000) * 1e6));
    case 'toMillis':
      return BigInt(Math.floor(target.millis));
    case 'dayOfWeek':
      return BigInt(d.getUTCDay() === 0 ? 7 : d.getUTCDay());
    case 'dayOfYear':
      return BigInt(
        Math.floor((target.millis - Date.UTC(d.getUTCFullYear(), 0, 1)) / (24 * 3600e3)) + 1,
      );
    case 'time':
      return new RulesDuration(
        target.millis - Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()),
      );
  }
  return undefined;
}

function durationMethod(target: RulesDuration, name: string, arity: Arity): Value | undefined {
  arity(0);
  switch (name) {
    case 'seconds':
      return BigInt(Math.trunc(target.millis / 1000));
    case 'nanos':
      return BigInt(Math.round((target.millis % 1000) * 1e6));
  }
  return undefined;
}
