/**
 * Glue between the emulator and the rules engine (./rules/compile.ts): the rules
 * of a namespace, who is asking, and the open default.
 */
import { compileDatabaseRules, RulesError } from './rules/compile';
import type { CompiledDatabaseRules, RulesAuth } from './rules-types';
import type { Principal } from '../common/auth-token';

export { RulesError };

/**
 * The rules a namespace starts with when no rules file is given: everything open,
 * as the official emulator does ("The emulator will default to allowing all reads
 * and writes") until rules are PUT to /.settings/rules.json.
 */
export const OPEN_RULES_SOURCE =
  '{\n  "rules": {\n    ".read": true,\n    ".write": true\n  }\n}\n';

export interface RulesState {
  /** the text as loaded (what GET /.settings/rules.json returns) */
  source: string;
  /** null: the open default (no engine call needed) */
  compiled: CompiledDatabaseRules | null;
}

export const OPEN_RULES: RulesState = { source: OPEN_RULES_SOURCE, compiled: null };

/** Compiles rules text; throws RulesError with the engine's message when it is not accepted. */
export function loadRules(source: string): RulesState {
  return { source, compiled: compileDatabaseRules(source) };
}

/** Who a request is evaluated as. `bypass` (the `owner` credential) skips rules entirely. */
export interface Requester {
  bypass: boolean;
  auth: RulesAuth | null;
}

export const ANONYMOUS: Requester = { bypass: false, auth: null };
export const OWNER: Requester = { bypass: true, auth: null };

/** Rules `auth` for a user token: { uid, provider: firebase.sign_in_provider, token: payload }. */
export function requesterFor(principal: Principal): Requester {
  if (principal.kind === 'owner') return OWNER;
  if (principal.kind === 'anonymous') return ANONYMOUS;
  const firebase = principal.token.firebase as Record<string, unknown> | undefined;
  const provider =
    firebase && typeof firebase.sign_in_provider === 'string'
      ? firebase.sign_in_provider
      : 'custom';
  return { bypass: false, auth: { uid: principal.uid, provider, token: principal.token } };
}

/**
 * firebase-admin's `databaseAuthVariableOverride`: rules see that object as `auth`
 * (uid, provider, token taken from it when present).
 */
export function requesterForAuthVar(authvar: unknown): Requester {
  if (authvar === null || typeof authvar !== 'object' || Array.isArray(authvar)) return ANONYMOUS;
  const o = authvar as Record<string, unknown>;
  const token =
    o.token && typeof o.token === 'object' && !Array.isArray(o.token)
      ? (o.token as Record<string, unknown>)
      : { ...o };
  return {
    bypass: false,
    auth: {
      uid: typeof o.uid === 'string' ? o.uid : '',
      provider: typeof o.provider === 'string' ? o.provider : 'custom',
      token,
    },
  };
}
