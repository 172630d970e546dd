/** The rules language's global conversion functions and the math, duration and timestamp namespaces. */
import {
  checkedInt,
  EvalError,
  isNumber,
  requireInt,
  requireNumber,
  requireString,
  RulesDuration,
  RulesTimestamp,
  typeName,
  type Value,
} from './values';

export function globalFunction(name: string, v: Value): Value {
  switch (name) {
    case 'int':
      if (typeof v === 'bigint') return v;
      if (typeof v === 'number') {
        if (!Number.isFinite(v)) throw new EvalError('int() of a non-finite float');
        return checkedInt(BigInt(Math.trunc(v)));
      }
      if (typeof v === 'string' && /^\s*[+-]?\d+\s*$/.test(v)) return checkedInt(BigInt(v.trim()));
      throw new EvalError(`int() cannot convert ${typeName(v)} ${JSON.stringify(String(v))}`);
    case 'float':
      if (isNumber(v)) return Number(v);
      if (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v))) return Number(v);
      throw new EvalError(`float() cannot convert ${typeName(v)}`);
    case 'string':
      if (v === null || typeof v === 'boolean' || typeof v === 'string') return String(v);
      if (typeof v === 'bigint') return v.toString();
      if (typeof v === 'number') return String(v);
      throw new EvalError(`string() cannot convert ${typeName(v)}`);
    case 'bool':
      if (typeof v === 'boolean') return v;
      if (v === 'true' || v === 'false') return v === 'true';
      throw new EvalError(`bool() cannot convert ${typeName(v)}`);
  }
  throw new EvalError(`unknown function ${name}()`);
}

const UNIT_MILLIS: Record<string, number> = {
  w: 7 * 24 * 3600e3,
  d: 24 * 3600e3,
  h: 3600e3,
  m: 60e3,
  s: 1e3,
  ms: 1,
  us: 1e-3,
  ns: 1e-6,
};

export function namespaceFunction(ns: string, name: string, args: Value[]): Value {
  const arity = (n: number) => {
    if (args.length !== n) throw new EvalError(`${ns}.${name}() takes ${n} argument(s)`);
  };
  if (ns === 'math') {
    if (name === 'pow') {
      arity(2);
      return Math.pow(requireNumber(args[0], 'base'), requireNumber(args[1], 'exponent'));
    }
    arity(1);
    const v = args[0];
    switch (name) {
      case 'abs':
        if (typeof v === 'bigint') return checkedInt(v < 0n ? -v : v);
        return Math.abs(requireNumber(v, 'math.abs argument'));
      case 'ceil':
        return checkedInt(BigInt(Math.ceil(requireNumber(v, 'math.ceil argument'))));
      case 'floor':
        return checkedInt(BigInt(Math.floor(requireNumber(v, 'math.floor argument'))));
      case 'round':
        return checkedInt(BigInt(Math.round(requireNumber(v, 'math.round argument'))));
      case 'sqrt':
        return Math.sqrt(requireNumber(v, 'math.sqrt argument'));
      case 'isInfinite':
        return !Number.isFinite(requireNumber(v, 'argument')) && !Number.isNaN(Number(v));
      case 'isNaN':
        return Number.isNaN(requireNumber(v, 'argument'));
    }
  }
  if (ns === 'duration') {
    if (name === 'value') {
      arity(2);
      const unit = requireString(args[1], 'duration unit');
      if (!(unit in UNIT_MILLIS))
        throw new EvalError(`unknown duration unit ${JSON.stringify(unit)}`);
      return new RulesDuration(
        Number(requireInt(args[0], 'duration magnitude')) * UNIT_MILLIS[unit],
      );
    }
    if (name === 'time') {
      arity(4);
      const [h, m, s, n] = args.map((a, i) =>
        Number(requireInt(a, `duration.time argument ${i + 1}`)),
      );
      return new RulesDuration(h * 3600e3 + m * 60e3 + s * 1e3 + n * 1e-6);
    }
    if (name === 'abs') {
      arity(1);
      if (!(args[0] instanceof RulesDuration))
        throw new EvalError('duration.abs() needs a duration');
      return new RulesDuration(Math.abs(args[0].millis));
    }
  }
  if (ns === 'timestamp') {
    if (name === 'value') {
      arity(1);
      return new RulesTimestamp(Number(requireInt(args[0], 'epoch milliseconds')));
    }
    if (name === 'date') {
      arity(3);
      const [y, m, d] = args.map((a, i) =>
        Number(requireInt(a, `timestamp.date argument ${i + 1}`)),
      );
      return new RulesTimestamp(Date.UTC(y, m - 1, d));
    }
  }
  throw new EvalError(`${ns}.${name}() is not supported`);
}
