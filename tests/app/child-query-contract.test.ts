/**
 * Component tests answer child queries with the in-memory fake
 * (src/testing/fake-database.ts, ordering from src/domain/data/child-query.ts); the
 * app asks the real database. Both must return the same rows in the same
 * order for the same query, key cursors included, or a test could pass on
 * paging the real database gets wrong.
 */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectDatabaseEmulator,
  endBefore,
  equalTo,
  get,
  getDatabase,
  limitToFirst,
  limitToLast,
  orderByChild,
  query,
  ref,
  startAt,
  type QueryConstraint,
} from 'firebase/database';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDatabaseEmulator, type RunningDatabaseEmulator } from 'challangex-emulators/database';
import type { ChildQuery } from '@domain/data/child-query';
import { readChildren, resetFakeDatabase } from '../../src/testing/fake-database';

const projectId = 'demo-child-query-contract';
const namespace = `${projectId}-default-rtdb`;

/** Ties in the ordered child, a missing child, a non-number child, integer-like and push-like keys. */
const feed = {
  '-NaaaaaaaaaaaaaaaaA1': { uid: 'u1', createdAt: 1000 },
  '-NaaaaaaaaaaaaaaaaB2': { uid: 'u2', createdAt: 2000 },
  '-NaaaaaaaaaaaaaaaaC3': { uid: 'u1', createdAt: 2000 },
  '-NaaaaaaaaaaaaaaaaD4': { uid: 'u2', createdAt: 3000 },
  '10': { uid: 'u2', createdAt: 2000 },
  '9': { uid: 'u1', createdAt: 2000 },
  '-NaaaaaaaaaaaaaaaaE5': { uid: 'u3' },
  '-NaaaaaaaaaaaaaaaaF6': { uid: 'u1', createdAt: 500 },
  '-NaaaaaaaaaaaaaaaaG7': { uid: 'u2', createdAt: 'soon' },
  '-NaaaaaaaaaaaaaaaaH8': { uid: 'u1', createdAt: 4000 },
};

// Every query the rules allow carries a limit (at most 100).
const cases: Array<{ name: string; spec: ChildQuery }> = [
  { name: 'newest 6 by createdAt', spec: { orderBy: 'createdAt', limitToLast: 6 } },
  { name: 'oldest 4 by createdAt', spec: { orderBy: 'createdAt', limitToFirst: 4 } },
  {
    name: 'the page before a [value, key] cursor inside a tie',
    spec: { orderBy: 'createdAt', endBefore: [2000, '-NaaaaaaaaaaaaaaaaC3'], limitToLast: 6 },
  },
  {
    name: 'from a [value, key] cursor inside a tie',
    spec: { orderBy: 'createdAt', startAt: [2000, '9'], limitToFirst: 10 },
  },
  {
    name: 'before a value without a key (excludes the whole tie)',
    spec: { orderBy: 'createdAt', endBefore: [2000], limitToLast: 10 },
  },
  {
    name: 'from a value without a key (includes the whole tie)',
    spec: { orderBy: 'createdAt', startAt: [2000], limitToFirst: 10 },
  },
  {
    name: "one author's newest (equalTo)",
    spec: { orderBy: 'uid', equalTo: 'u1', limitToLast: 3 },
  },
  {
    name: "one author's next page (startAt value, endBefore [value, key])",
    spec: {
      orderBy: 'uid',
      startAt: ['u1'],
      endBefore: ['u1', '-NaaaaaaaaaaaaaaaaC3'],
      limitToLast: 6,
    },
  },
];

/** The SDK constraints for a ChildQuery, in the order src/services/database.ts applies them. */
function constraintsOf(spec: ChildQuery): QueryConstraint[] {
  const list: QueryConstraint[] = [orderByChild(spec.orderBy)];
  if (spec.equalTo !== undefined) list.push(equalTo(spec.equalTo));
  if (spec.startAt) list.push(startAt(...spec.startAt));
  if (spec.endBefore) list.push(endBefore(...spec.endBefore));
  if (spec.limitToFirst !== undefined) list.push(limitToFirst(spec.limitToFirst));
  if (spec.limitToLast !== undefined) list.push(limitToLast(spec.limitToLast));
  return list;
}

let emulator: RunningDatabaseEmulator;
let app: FirebaseApp;

beforeAll(async () => {
  emulator = await startDatabaseEmulator({
    port: 0,
    rulesFile: resolve(import.meta.dirname, '../../database.rules.json'),
    log: () => {},
  });
  const seeded = await fetch(`http://127.0.0.1:${emulator.port}/feed.json?ns=${namespace}`, {
    method: 'PUT',
    headers: { authorization: 'Bearer owner' },
    body: JSON.stringify(feed),
  });
  expect(seeded.status).toBe(200);
  app = initializeApp(
    { projectId, databaseURL: `https://${namespace}.firebaseio.com` },
    'child-query-contract',
  );
  connectDatabaseEmulator(getDatabase(app), '127.0.0.1', emulator.port);
  resetFakeDatabase({ feed });
});

afterAll(async () => {
  await deleteApp(app);
  await emulator.close();
});

describe('the test fake answers child queries like the database', () => {
  it.each(cases)('$name', async ({ spec }) => {
    const snapshot = await get(query(ref(getDatabase(app), 'feed'), ...constraintsOf(spec)));
    const fromDatabase: Array<{ key: string; value: unknown }> = [];
    snapshot.forEach((row) => {
      fromDatabase.push({ key: row.key!, value: row.val() });
    });
    const fromFake = await readChildren('feed', spec);
    expect(fromDatabase.length).toBeGreaterThan(0);
    expect(fromFake).toEqual(fromDatabase);
  });
});
