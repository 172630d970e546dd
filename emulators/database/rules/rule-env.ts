/** What a rule is compiled for, and everything it can see while it runs. */
import type { RuleSnapshot } from './snapshot';
import type { JsonValue, RulesAuth, RulesQuery } from './types';

export type RuleKind = 'read' | 'write' | 'validate';

/** Everything a rule can see while it runs. */
export interface RuleEnv {
  auth: RulesAuth | null;
  now: number;
  root: RuleSnapshot;
  data: RuleSnapshot;
  /** Only for .write and .validate. */
  newData: RuleSnapshot | null;
  /** Only for .read. */
  query: QueryValues | null;
  vars: Readonly<Record<string, string>>;
}

/** The `query` variable: every property always present (false / null when unused). */
export interface QueryValues {
  orderByKey: boolean;
  orderByValue: boolean;
  orderByPriority: boolean;
  orderByChild: string | null;
  startAt: JsonValue;
  endAt: JsonValue;
  equalTo: JsonValue;
  limitToFirst: number | null;
  limitToLast: number | null;
}

export function queryValues(query: RulesQuery | undefined): QueryValues {
  const q = query ?? {};
  const orderByKey = q.orderByKey === true;
  const orderByValue = q.orderByValue === true;
  const orderByChild = typeof q.orderByChild === 'string' ? q.orderByChild : null;
  let orderByPriority = q.orderByPriority === true;
  const limitToFirst = typeof q.limitToFirst === 'number' ? q.limitToFirst : null;
  const limitToLast = typeof q.limitToLast === 'number' ? q.limitToLast : null;
  const startAt = q.startAt === undefined ? null : q.startAt;
  const endAt = q.endAt === undefined ? null : q.endAt;
  const equalTo = q.equalTo === undefined ? null : q.equalTo;
  const ordered = orderByKey || orderByValue || orderByPriority || orderByChild !== null;
  const filtered =
    limitToFirst !== null ||
    limitToLast !== null ||
    startAt !== null ||
    endAt !== null ||
    equalTo !== null;
  // As observed on the real service: a plain read (no query) is an ordered-by-key read, while
  // a query without an orderBy* uses the SDK's default index, priority.
  let key = orderByKey;
  if (!ordered) {
    if (filtered) orderByPriority = true;
    else key = true;
  }
  return {
    orderByKey: key,
    orderByValue,
    orderByPriority,
    orderByChild,
    startAt,
    endAt,
    equalTo,
    limitToFirst,
    limitToLast,
  };
}

export interface ConditionOptions {
  kind: RuleKind;
  /** Wildcard variables ($name) bound on this rule's path. */
  vars: ReadonlySet<string>;
  /** Where the rule sits, for error messages, e.g. "/users/$uid/.write". */
  location: string;
}
