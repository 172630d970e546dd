/**
 * What this engine implements of the rules language: the checker refuses anything else at load
 * time, naming it, and the evaluator dispatches on the same lists.
 */
export const NAMESPACES: Record<string, Set<string>> = {
  math: new Set(['abs', 'ceil', 'floor', 'round', 'sqrt', 'pow', 'isInfinite', 'isNaN']),
  duration: new Set(['value', 'time', 'abs']),
  timestamp: new Set(['value', 'date']),
};
export const GLOBAL_FUNCTIONS = new Set(['int', 'float', 'string', 'bool']);
export const UNSUPPORTED_FUNCTIONS: Record<string, string> = {
  exists: 'exists() (document lookups) is not supported in storage rules',
  existsAfter: 'existsAfter() is not supported in storage rules',
  get: 'get() (document lookups) is not supported in storage rules',
  getAfter: 'getAfter() is not supported in storage rules',
  debug: 'debug() is not supported by this emulator',
  path: 'path() is not supported by this emulator',
  hashing: 'hashing.* is not supported by this emulator',
  latlng: 'latlng.* is not supported by this emulator',
  firestore:
    'firestore.get()/firestore.exists() cross-service rules are not supported by this emulator',
};
export const METHOD_NAMES = new Set([
  // string
  'size',
  'matches',
  'lower',
  'upper',
  'split',
  'trim',
  'replace',
  // list
  'hasAll',
  'hasAny',
  'hasOnly',
  'join',
  'concat',
  'removeAll',
  // map
  'keys',
  'values',
  'get',
  // timestamp / duration
  'date',
  'year',
  'month',
  'day',
  'hours',
  'minutes',
  'seconds',
  'nanos',
  'toMillis',
  'dayOfWeek',
  'dayOfYear',
  'time',
]);
export const TYPE_NAMES = new Set([
  'string',
  'int',
  'float',
  'number',
  'bool',
  'map',
  'list',
  'null',
  'timestamp',
  'duration',
]);
