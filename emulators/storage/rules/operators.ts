/** The binary operators of the rules language on runtime values. */
import {
  checkedInt,
  compareValues,
  EvalError,
  isNumber,
  RulesDuration,
  RulesMap,
  RulesTimestamp,
  typeName,
  valuesEqual,
  type Value,
} from './values';

export function binaryOperator(op: string, a: Value, b: Value): Value {
  switch (op) {
    case '==':
      return valuesEqual(a, b);
    case '!=':
      return !valuesEqual(a, b);
    case '<':
      return compareValues(a, b) < 0;
    case '<=':
      return compareValues(a, b) <= 0;
    case '>':
      return compareValues(a, b) > 0;
    case '>=':
      return compareValues(a, b) >= 0;
    case 'in':
      if (Array.isArray(b)) return b.some((x) => valuesEqual(a, x));
      if (b instanceof RulesMap) return typeof a === 'string' && b.has(a);
      throw new EvalError(`"in" needs a list or map on the right, got ${typeName(b)}`);
  }
  if (typeof a === 'bigint' && typeof b === 'bigint') {
    switch (op) {
      case '+':
        return checkedInt(a + b);
      case '-':
        return checkedInt(a - b);
      case '*':
        return checkedInt(a * b);
      case '/':
        if (b === 0n) throw new EvalError('division by zero');
        return checkedInt(a / b);
      case '%':
        if (b === 0n) throw new EvalError('modulo by zero');
        return a % b;
    }
  }
  if (isNumber(a) && isNumber(b)) {
    const x = Number(a);
    const y = Number(b);
    switch (op) {
      case '+':
        return x + y;
      case '-':
        return x - y;
      case '*':
        return x * y;
      case '/':
        return x / y;
      case '%':
        return x % y;
    }
  }
  if (op === '+') {
    if (typeof a === 'string' && typeof b === 'string') return a + b;
    if (Array.isArray(a) && Array.isArray(b)) return [...a, ...b];
    if (a instanceof RulesTimestamp && b instanceof RulesDuration)
      return new RulesTimestamp(a.millis + b.millis);
    if (a instanceof RulesDuration && b instanceof RulesTimestamp)
      return new RulesTimestamp(a.millis + b.millis);
    if (a instanceof RulesDuration && b instanceof RulesDuration)
      return new RulesDuration(a.millis + b.millis);
  }
  if (op === '-') {
    if (a instanceof RulesTimestamp && b instanceof RulesDuration)
      return new RulesTimestamp(a.millis - b.millis);
    if (a instanceof RulesTimestamp && b instanceof RulesTimestamp)
      return new RulesDuration(a.millis - b.millis);
    if (a instanceof RulesDuration && b instanceof RulesDuration)
      return new RulesDuration(a.millis - b.millis);
  }
  throw new EvalError(`operator ${op} is not defined for ${typeName(a)} and ${typeName(b)}`);
}
