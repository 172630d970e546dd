/**
 * Runtime values of the rules language.
 *
 * JS representation: null, boolean, bigint (int, 64-bit), number (float), string,
 * Value[] (list), RulesMap (map), RulesTimestamp, RulesDuration.
 */
export class RulesMap {
  constructor(readonly entries: Map<string, Value> = new Map()) {}
  get(key: string): Value | undefined {
    return this.entries.get(key);
  }
  has(key: string): boolean {
    return this.entries.has(key);
  }
  get size(): number {
    return this.entries.size;
  }
}

export class RulesTimestamp {
  /** Milliseconds since the epoch (fractional values keep sub-millisecond precision). */
  constructor(readonly millis: number) {}
}

export class RulesDuration {
  constructor(readonly millis: number) {}
}

export type Value =
  null | boolean | bigint | number | string | Value[] | RulesMap | RulesTimestamp | RulesDuration;

/** An evaluation error: the allow condition it occurs in is treated as false. */
export class EvalError extends Error {}

export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;

export function checkedInt(v: bigint): bigint {
  if (v < INT64_MIN || v > INT64_MAX) throw new EvalError('integer overflow');
  return v;
}

export function typeName(v: Value): string {
  if (v === null) return 'null';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'bigint') return 'int';
  if (typeof v === 'number') return 'float';
  if (typeof v === 'string') return 'string';
  if (Array.isArray(v)) return 'list';
  if (v instanceof RulesMap) return 'map';
  if (v instanceof RulesTimestamp) return 'timestamp';
  return 'duration';
}

export function isNumber(v: Value): v is bigint | number {
  return typeof v === 'bigint' || typeof v === 'number';
}

/** Converts plain JSON-ish data (token claims, metadata) into rules values. */
export function fromJs(v: unknown): Value {
  if (v === null || v === undefined) return null;
  if (typeof v === 'boolean' || typeof v === 'string') return v;
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number') {
    return Number.isInteger(v) && Number.isSafeInteger(v) ? BigInt(v) : v;
  }
  if (v instanceof Date) return new RulesTimestamp(v.getTime());
  if (v instanceof RulesTimestamp || v instanceof RulesDuration || v instanceof RulesMap) return v;
  if (Array.isArray(v)) return v.map(fromJs);
  if (typeof v === 'object') {
    const m = new Map<string, Value>();
    for (const [k, val] of Object.entries(v as Record<string, unknown>)) {
      if (val !== undefined) m.set(k, fromJs(val));
    }
    return new RulesMap(m);
  }
  return String(v);
}

export function valuesEqual(a: Value, b: Value): boolean {
  if (isNumber(a) && isNumber(b)) {
    if (typeof a === 'bigint' && typeof b === 'bigint') return a === b;
    return Number(a) === Number(b);
  }
  if (a === null || b === null) return a === b;
  if (typeof a !== typeof b) return false;
  if (typeof a === 'boolean' || typeof a === 'string') return a === b;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => valuesEqual(x, b[i]));
  }
  if (a instanceof RulesMap) {
    if (!(b instanceof RulesMap) || a.size !== b.size) return false;
    for (const [k, v] of a.entries) {
      const other = b.get(k);
      if (other === undefined || !valuesEqual(v, other)) return false;
    }
    return true;
  }
  if (a instanceof RulesTimestamp) return b instanceof RulesTimestamp && a.millis === b.millis;
  if (a instanceof RulesDuration) return b instanceof RulesDuration && a.millis === b.millis;
  return false;
}

/** Returns <0, 0, >0; throws when the two values are not ordered against each other. */
export function compareValues(a: Value, b: Value): number {
  if (isNumber(a) && isNumber(b)) {
    if (typeof a === 'bigint' && typeof b === 'bigint') return a < b ? -1 : a > b ? 1 : 0;
    const x = Number(a);
    const y = Number(b);
    if (Number.isNaN(x) || Number.isNaN(y)) throw new EvalError('NaN is not ordered');
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (a instanceof RulesTimestamp && b instanceof RulesTimestamp) return a.millis - b.millis;
  if (a instanceof RulesDuration && b instanceof RulesDuration) return a.millis - b.millis;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  throw new EvalError(`cannot compare ${typeName(a)} with ${typeName(b)}`);
}

export function display(v: Value): string {
  if (v === null) return 'null';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[${v.map(display).join(', ')}]`;
  if (v instanceof RulesMap) {
    return `{${[...v.entries].map(([k, x]) => `${JSON.stringify(k)}: ${display(x)}`).join(', ')}}`;
  }
  if (v instanceof RulesTimestamp) return `timestamp(${new Date(v.millis).toISOString()})`;
  return `duration(${v.millis}ms)`;
}

// Operand checks: a value of the wrong type is an evaluation error naming what was expected.

export function requireBool(v: Value, what: string): boolean {
  if (typeof v !== 'boolean') throw new EvalError(`${what} must be bool, got ${typeName(v)}`);
  return v;
}

export function requireInt(v: Value, what: string): bigint {
  if (typeof v !== 'bigint') throw new EvalError(`${what} must be int, got ${typeName(v)}`);
  return v;
}

export function requireString(v: Value, what: string): string {
  if (typeof v !== 'string') throw new EvalError(`${what} must be string, got ${typeName(v)}`);
  return v;
}

export function requireList(v: Value, what: string): Value[] {
  if (!Array.isArray(v)) throw new EvalError(`${what} must be list, got ${typeName(v)}`);
  return v;
}

export function requireNumber(v: Value, what: string): number {
  if (!isNumber(v)) throw new EvalError(`${what} must be a number, got ${typeName(v)}`);
  return Number(v);
}
