/**
 * What checking a proof photo costs (docs/security.md, "Proof checks"): reading, decoding and hashing
 * a 1600×1200 JPEG as the app sends it, with its crops and turns, and the near-duplicate lookup with
 * 10,000 and with 100,000 proofs filed. The lookup reads 16 buckets for each of the 8 turns, each
 * holding only hashes that share 28 bits with it, so its time and rows must not grow with the count.
 */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getDatabase, type Database } from 'firebase-admin/database';
import sharp from 'sharp';
import { startDatabaseEmulator } from 'challangex-emulators/database';
import { fingerprintProof } from '../../functions/src/proofs/proof-fingerprint';
import {
  bucketsOf,
  findNearDuplicates,
  indexKey,
} from '../../functions/src/proofs/proof-hash-index';
import { budgets } from './budgets';
import { check, type Row } from './report';
import { dbPaths } from '@domain/data/database-paths';
import { seededRandom } from '../../functions/src/planner/seeded-random';
import { platePhoto } from '../../tests/api/proof-photos';

export interface ProofCheckCost {
  checkP95Ms: number;
  /** `rowsRead`: the most index rows one lookup read. */
  lookups: Array<{ stored: number; p95Ms: number; rowsRead: number }>;
}

const p95 = (samples: number[]) =>
  [...samples].sort((a, b) => a - b)[Math.ceil(samples.length * 0.95) - 1];

async function timeChecks(runs: number): Promise<number> {
  // As the app sends it: 1600 px on the longer side, quality 0.4 (src/lib/compress-photo.ts).
  const photo = await sharp(await platePhoto('bench-thali'))
    .jpeg({ quality: 40 })
    .toBuffer();
  await fingerprintProof(photo);
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await fingerprintProof(photo);
    samples.push(performance.now() - started);
  }
  return p95(samples);
}

/**
 * Files proofs `from`…`to` as the index does (under the 16 keys of a hash), in chunks. One hash a
 * proof where the route files one for each of its 11 crops: 11 times fewer rows, which the local
 * emulator can hold at 100,000 proofs (17.6 M rows would not fit); at either count the buckets a
 * lookup reads are almost all empty (a row lands in one by a 1 in 2^28 chance).
 */
async function fill(database: Database, from: number, to: number, hashOf: (i: number) => string) {
  const CHUNK = 1_000;
  for (let start = from; start < to; start += CHUNK) {
    const update: Record<string, string> = {};
    for (let index = start; index < Math.min(to, start + CHUNK); index++) {
      const hash = hashOf(index);
      const key = indexKey({
        uid: `m${index}`,
        challengeId: 'c',
        day: 1,
        slot: 'lunch',
        at: index,
      });
      for (const [bucket, value] of bucketsOf(hash))
        update[`${dbPaths.proofHashBucket(bucket, value)}/${key}~0`] = hash;
    }
    await database.ref().update(update);
  }
}

async function timeLookups(database: Database, hexOf: (digits: number) => string, runs: number) {
  const samples: number[] = [];
  let rowsRead = 0;
  for (let run = 0; run < runs; run++) {
    const turns = Array.from({ length: 8 }, () => hexOf(16));
    const started = performance.now();
    const lookup = await findNearDuplicates(database, {
      orientationHashes: turns,
      fineOrientationHashes: turns.map(() => hexOf(64)),
    });
    samples.push(performance.now() - started);
    rowsRead = Math.max(rowsRead, lookup.rowsRead);
  }
  return { p95Ms: p95(samples), rowsRead };
}

export async function measureProofCheck(
  { counts = [10_000, 100_000], runs = 100 } = {},
  log: (line: string) => void = () => {},
): Promise<ProofCheckCost> {
  const random = seededRandom('proof-hashes');
  const hexOf = (digits: number) =>
    Array.from({ length: digits }, () => Math.floor(random() * 16).toString(16)).join('');
  const hashes = new Map<number, string>();
  const hashOf = (index: number) => {
    if (!hashes.has(index)) hashes.set(index, hexOf(16));
    return hashes.get(index)!;
  };
  const checkP95Ms = await timeChecks(30);
  const emulator = await startDatabaseEmulator({ port: 0, log: () => {} });
  const app = initializeApp(
    { projectId: 'demo-bench-proofs', databaseURL: `http://127.0.0.1:${emulator.port}?ns=proofs` },
    'bench-proofs',
  );
  try {
    const database = getDatabase(app);
    const lookups: ProofCheckCost['lookups'] = [];
    let stored = 0;
    for (const count of counts) {
      log(`proof index: filing ${count.toLocaleString('en')} proofs`);
      await fill(database, stored, count, hashOf);
      stored = count;
      lookups.push({ stored: count, ...(await timeLookups(database, hexOf, runs)) });
    }
    return { checkP95Ms, lookups };
  } finally {
    await deleteApp(app);
    await emulator.close();
  }
}

/** The bench's rows: the check's cost, and a lookup that costs the same at any count. */
export async function proofCheckRows(log: (line: string) => void = () => {}): Promise<Row[]> {
  const cost = await measureProofCheck({}, log);
  const area = 'proofs';
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const [few, many] = cost.lookups;
  const { checkP95Ms, lookupRowsRead } = budgets.proofs;
  return [
    {
      area,
      measure:
        'proof check of a 1600×1200 JPEG (header, bounded decode, 11 crops and 8 turns hashed), p95 of 30',
      result: ms(cost.checkP95Ms),
      budget: `≤ ${checkP95Ms} ms`,
      status: check(cost.checkP95Ms <= checkP95Ms),
    },
    ...cost.lookups.map((lookup): Row => ({
      area,
      measure: `near-duplicate lookup (8 turns × 16 buckets), ${lookup.stored.toLocaleString('en')} proofs filed, p95`,
      result: `${ms(lookup.p95Ms)}, ≤ ${lookup.rowsRead} rows read`,
      budget: `≤ ${lookupRowsRead} rows`,
      status: check(lookup.rowsRead <= lookupRowsRead),
    })),
    {
      area,
      measure: `lookup p95 at ${many.stored.toLocaleString('en')} ÷ at ${few.stored.toLocaleString('en')} proofs (must not grow with the count)`,
      result: (many.p95Ms / few.p95Ms).toFixed(2),
      budget: '≤ 2 (+ 2 ms of noise)',
      status: check(many.p95Ms <= 2 * few.p95Ms + 2),
    },
  ];
}
