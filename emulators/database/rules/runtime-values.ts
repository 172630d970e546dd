/**
 * Run-time reads that compiled rules share. A value of the wrong type is an EvalFailure, which
 * makes the whole rule false (as the real service treats an evaluation error).
 */
import { RuleSnapshot } from './snapshot';

/** Thrown while a rule runs for what the real service treats as an evaluation error. */
class EvalFailure extends Error {}
export const failEval = (message: string): never => {
  throw new EvalFailure(message);
};

export const hasOwn = (obj: object, key: string): boolean =>
  Object.prototype.hasOwnProperty.call(obj, key);

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !(v instanceof RuleSnapshot);
}

/** A claim value as rules see it: undefined is null. */
export function claim(obj: Record<string, unknown> | unknown[], key: string): unknown {
  if (Array.isArray(obj)) {
    if (!/^(?:0|[1-9]\d*)$/.test(key)) return null;
    const v = obj[Number(key)];
    return v === undefined ? null : v;
  }
  if (!hasOwn(obj, key)) return null;
  const v = obj[key];
  return v === undefined ? null : v;
}

export function asString(v: unknown, what: string): string {
  return typeof v === 'string' ? v : failEval(`${what} must be a string`);
}
export function asNumber(v: unknown, what: string): number {
  return typeof v === 'number' ? v : failEval(`${what} must be a number`);
}
export function asBoolean(v: unknown, what: string): boolean {
  return typeof v === 'boolean' ? v : failEval(`${what} must be a boolean`);
}
export function asSnapshot(v: unknown): RuleSnapshot {
  return v instanceof RuleSnapshot ? v : failEval('not a snapshot');
}
