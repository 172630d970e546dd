/**
 * One-off reads over the Realtime Database REST API (`<path>.json`): a page's
 * first data without the Database SDK or its WebSocket, so the SDK can load
 * after the page has painted. Rows come back in the order the SDK gives them.
 */
import { sortRows, type ChildQuery } from '@domain/data/child-query';
import { emulators, firebaseConfig } from './firebase-config';
import { memberIdToken } from './saved-session';

/** Queries the REST API answers like the SDK: no cursors (those carry a key, which REST cannot). */
export function restCanAnswer(spec: ChildQuery): boolean {
  return spec.startAt === undefined && spec.endBefore === undefined;
}

function restUrl(path: string): URL {
  const segments = path.split('/').filter(Boolean).map(encodeURIComponent).join('/');
  const database = new URL(firebaseConfig.databaseURL);
  if (!emulators) return new URL(`${database.origin}/${segments}.json`);
  const url = new URL(`http://${emulators.host}:${emulators.databasePort}/${segments}.json`);
  url.searchParams.set('ns', database.hostname.split('.')[0]);
  return url;
}

/** Opens the connection to the database's REST host while the page's code loads (DNS, TCP, TLS). */
export function preconnectDatabase(): void {
  const link = document.createElement('link');
  link.rel = 'preconnect';
  link.href = restUrl('').origin;
  link.crossOrigin = 'anonymous';
  document.head.append(link);
}

/** `anonymous`: data everyone may read, fetched without waiting for the session to be restored. */
export interface RestReadOptions {
  anonymous?: boolean;
}

export async function restValue(
  path: string,
  spec?: ChildQuery,
  { anonymous = false }: RestReadOptions = {},
): Promise<unknown> {
  const url = restUrl(path);
  if (spec) {
    url.searchParams.set('orderBy', JSON.stringify(spec.orderBy));
    if (spec.equalTo !== undefined) url.searchParams.set('equalTo', JSON.stringify(spec.equalTo));
    if (spec.limitToFirst !== undefined)
      url.searchParams.set('limitToFirst', String(spec.limitToFirst));
    if (spec.limitToLast !== undefined)
      url.searchParams.set('limitToLast', String(spec.limitToLast));
  }
  // A member's first reads use the saved session's token: they leave before the Auth SDK is loaded.
  const token = anonymous ? null : await memberIdToken();
  if (token) url.searchParams.set('auth', token);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Reading ${path} failed (HTTP ${response.status})`);
  return response.json();
}

export async function restChildren<T>(
  path: string,
  spec: ChildQuery,
  options?: RestReadOptions,
): Promise<Array<{ key: string; value: T }>> {
  const value = await restValue(path, spec, options);
  const rows =
    value !== null && typeof value === 'object'
      ? Object.entries(value as Record<string, T>).map(([key, row]) => ({ key, value: row }))
      : [];
  return sortRows(rows, spec.orderBy);
}
