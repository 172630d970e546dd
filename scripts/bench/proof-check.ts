/**
 * What checking a proof photo costs (docs/security.md, "Proof checks"): hashing a 1600-px JPEG, and
 * the near-duplicate lookup with 10,000 and with 100,000 hashes stored. The lookup reads at most
 * HASH_BANDS buckets of BUCKET_READ_LIMIT rows, so its time and rows must not grow with the count.
 */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getDatabase, type Database } from 'firebase-admin/database';
import { startDatabaseEmulator } from 'challangex-emulators/database';
import { fingerprintProof } from '../../functions/src/proof-fingerprint';
import {
  BUCKET_READ_LIMIT,
  HASH_BANDS,
  indexKey,
  readBuckets,
  type IndexedProof,
} from '../../functions/src/proof-hash-index';
import { check, type Row } from './report';
import { dbPaths } from '@domain/data/database-paths';
import { seededRandom } from '@domain/seeded-random';
import { mealPhoto } from '../../tests/api/proof-photos';

export interface ProofCheckCost {
  hashP95Ms: number;
  /** `rowsRead`: the most index rows one lookup read. */
  lookups: Array<{ stored: number; p95Ms: number; rowsRead: number }>;
}

const p95 = (samples: number[]) =>
  [...samples].sort((a, b) => a - b)[Math.ceil(samples.length * 0.95) - 1];

async function timeHashing(runs: number): Promise<number> {
  const photo = await mealPhoto('bench-thali');
  await fingerprintProof(photo);
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await fingerprintProof(photo);
    samples.push(performance.now() - started);
  }
  return p95(samples);
}

/** Files `count` random hashes (as the index does, under each band), in chunks. */
async function fill(database: Database, from: number, to: number, hashOf: (i: number) => string) {
  const CHUNK = 2_500;
  for (let start = from; start < to; start += CHUNK) {
    const update: Record<string, IndexedProof> = {};
    for (let index = start; index < Math.min(to, start + CHUNK); index++) {
      const proof = {
        hash: hashOf(index),
        uid: `m${index}`,
        challengeId: 'c',
        day: 1,
        slot: 'lunch',
        at: index,
      };
      for (let band = 0; band < 4; band++)
        update[
          `${dbPaths.proofHashBucket(band, proof.hash.slice(band * 4, band * 4 + 4))}/${indexKey(proof)}`
        ] = proof;
    }
    await database.ref().update(update);
  }
}

async function timeLookups(database: Database, hashOf: (i: number) => string, runs: number) {
  const samples: number[] = [];
  let rowsRead = 0;
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const rows = await readBuckets(database, hashOf(1_000_000 + run));
    samples.push(performance.now() - started);
    rowsRead = Math.max(rowsRead, rows.length);
  }
  return { p95Ms: p95(samples), rowsRead };
}

export async function measureProofCheck(
  { counts = [10_000, 100_000], runs = 200 } = {},
  log: (line: string) => void = () => {},
): Promise<ProofCheckCost> {
  const random = seededRandom('proof-hashes');
  const hashes = new Map<number, string>();
  const hashOf = (index: number) => {
    if (!hashes.has(index))
      hashes.set(
        index,
        Array.from({ length: 16 }, () => Math.floor(random() * 16).toString(16)).join(''),
      );
    return hashes.get(index)!;
  };
  const hashP95Ms = await timeHashing(30);
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
      log(`proof index: filing ${count.toLocaleString('en')} hashes`);
      await fill(database, stored, count, hashOf);
      stored = count;
      lookups.push({ stored: count, ...(await timeLookups(database, hashOf, runs)) });
    }
    return { hashP95Ms, lookups };
  } finally {
    await deleteApp(app);
    await emulator.close();
  }
}

/** Issue 31: hashing one 1600-px proof, p95, on the bench machine. */
export const PROOF_HASH_P95_BUDGET_MS = 150;

/** The bench's rows: the hash's cost, and a lookup that reads the same bounded rows at any count. */
export async function proofCheckRows(log: (line: string) => void = () => {}): Promise<Row[]> {
  const cost = await measureProofCheck({}, log);
  const area = 'proofs';
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const [few, many] = cost.lookups;
  const rowBound = HASH_BANDS * BUCKET_READ_LIMIT;
  return [
    {
      area,
      measure: 'perceptual hash of a 1600×1200 JPEG (decode + pHash), p95 of 30',
      result: ms(cost.hashP95Ms),
      budget: `≤ ${PROOF_HASH_P95_BUDGET_MS} ms`,
      status: check(cost.hashP95Ms <= PROOF_HASH_P95_BUDGET_MS),
    },
    ...cost.lookups.map((lookup): Row => ({
      area,
      measure: `near-duplicate lookup (${HASH_BANDS} band buckets), ${lookup.stored.toLocaleString('en')} hashes stored, p95`,
      result: `${ms(lookup.p95Ms)}, ≤ ${lookup.rowsRead} rows read`,
      budget: `≤ ${rowBound} rows`,
      status: check(lookup.rowsRead <= rowBound),
    })),
    {
      area,
      measure: `lookup p95 at ${many.stored.toLocaleString('en')} ÷ at ${few.stored.toLocaleString('en')} hashes (must not grow with the count)`,
      result: (many.p95Ms / few.p95Ms).toFixed(2),
      budget: '≤ 2 (+ 2 ms of noise)',
      status: check(many.p95Ms <= 2 * few.p95Ms + 2),
    },
  ];
}
