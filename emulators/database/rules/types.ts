/** Types shared by the rules engine and its callers (re-exported by compile.ts). */
export type JsonValue =
  null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export interface RulesAuth {
  uid: string;
  provider: string;
  token: Record<string, unknown>;
}

export interface RulesQuery {
  orderByKey?: boolean;
  orderByValue?: boolean;
  orderByPriority?: boolean;
  orderByChild?: string;
  startAt?: JsonValue;
  endAt?: JsonValue;
  equalTo?: JsonValue;
  limitToFirst?: number;
  limitToLast?: number;
}
