import { ServerValue, type Database } from 'firebase-admin/database';
import { dbPaths } from '@domain/data/database-paths';
import { hashDistance } from './proof-fingerprint';

/**
 * Near-duplicate lookup that reads a bounded amount whatever the number of stored proofs
 * (locality-sensitive hashing by bands): a 64-bit hash is cut into 4 bands of 16 bits, and every
 * proof is filed under each of its bands. Two hashes within NEAR_DUPLICATE_BITS differ in at most
 * 3 bands, so they share one (pigeonhole): reading the 4 buckets of a hash finds every such proof.
 * With uniformly spread hashes a bucket holds n / 65,536 proofs (15 at a million); a bucket read
 * is capped at BUCKET_READ_LIMIT, earliest first, so a crowded bucket costs no more.
 */
export const HASH_BANDS = 4;
export const NEAR_DUPLICATE_BITS = 3;
export const BUCKET_READ_LIMIT = 50;

export interface IndexedProof {
  hash: string;
  uid: string;
  challengeId: string;
  day: number;
  slot: string;
  /** When the proof was made (its doneAt): the earlier of two near-duplicates is the original. */
  at: number;
  /** Where its photo is stored, to show it next to a later copy. */
  imgPath?: string;
  /**
   * The database's clock when the entry was committed (written as a server timestamp): racing
   * uploads are ordered by it, since whichever commits second reads the first (see checkAndIndexProof).
   */
  indexedAt?: number;
}

export interface NearDuplicate extends IndexedProof {
  key: string;
  distance: number;
}

const BAND_DIGITS = 16 / HASH_BANDS;

function bands(hash: string): string[] {
  return Array.from({ length: HASH_BANDS }, (_, band) =>
    hash.slice(band * BAND_DIGITS, (band + 1) * BAND_DIGITS),
  );
}

/** Keys sort by time (orderByKey needs no index): the proof's time, then which proof it is. */
export const indexKey = (proof: Omit<IndexedProof, 'hash'>) =>
  `${String(proof.at).padStart(15, '0')}~${proof.uid}~${proof.challengeId}~${proof.day}~${proof.slot}`;

/** Files a proof under each of its bands, in one update. */
export async function indexProof(database: Database, proof: IndexedProof): Promise<string> {
  const key = indexKey(proof);
  const update: Record<string, unknown> = {};
  bands(proof.hash).forEach((value, band) => {
    update[`${dbPaths.proofHashBucket(band, value)}/${key}`] = {
      ...proof,
      indexedAt: ServerValue.TIMESTAMP,
    };
  });
  await database.ref().update(update);
  return key;
}

/** Removes a proof from the index (a rejected upload replaced, a challenge deleted). */
export async function unindexProof(database: Database, proof: IndexedProof): Promise<void> {
  const key = indexKey(proof);
  const update: Record<string, null> = {};
  bands(proof.hash).forEach((value, band) => {
    update[`${dbPaths.proofHashBucket(band, value)}/${key}`] = null;
  });
  await database.ref().update(update);
}

/** Every proof filed under one of the bands of `hash`: at most HASH_BANDS × BUCKET_READ_LIMIT rows. */
export async function readBuckets(
  database: Database,
  hash: string,
): Promise<Array<{ key: string; proof: IndexedProof }>> {
  const buckets = await Promise.all(
    bands(hash).map((value, band) =>
      database
        .ref(dbPaths.proofHashBucket(band, value))
        .orderByKey()
        .limitToFirst(BUCKET_READ_LIMIT)
        .get(),
    ),
  );
  const rows: Array<{ key: string; proof: IndexedProof }> = [];
  for (const bucket of buckets)
    bucket.forEach((child) => {
      rows.push({ key: child.key!, proof: child.val() as IndexedProof });
    });
  return rows;
}

/** Indexed proofs within NEAR_DUPLICATE_BITS of `hash`, earliest first. */
export async function findNearDuplicates(
  database: Database,
  hash: string,
): Promise<NearDuplicate[]> {
  const found = new Map<string, NearDuplicate>();
  for (const { key, proof } of await readBuckets(database, hash)) {
    const distance = hashDistance(hash, proof.hash);
    if (distance <= NEAR_DUPLICATE_BITS) found.set(key, { ...proof, key, distance });
  }
  return [...found.values()].sort((left, right) => left.key.localeCompare(right.key));
}

const sameMeal = (left: IndexedProof, right: IndexedProof) =>
  left.uid === right.uid &&
  left.challengeId === right.challengeId &&
  left.day === right.day &&
  left.slot === right.slot;

/** Commit order: the database's clock, then the proof's time, then the key (entries filed without one first). */
function committedBefore(
  left: { indexedAt?: number; at: number; key: string },
  right: { indexedAt?: number; at: number; key: string },
): boolean {
  const [leftAt, rightAt] = [left.indexedAt ?? 0, right.indexedAt ?? 0];
  if (leftAt !== rightAt) return leftAt < rightAt;
  if (left.at !== right.at) return left.at < right.at;
  return left.key < right.key;
}

/**
 * Files the proof, then looks for a near-duplicate of another meal committed before it. Writing
 * before reading makes racing uploads of one picture agree: the entry committed second is read by
 * its own lookup after the first was committed, so it sees the first and is the duplicate; the
 * first may see the second but it came later. Ordering by the database's commit time (not the
 * request's clock) keeps that true however long a request took to get here; only two commits in
 * the same millisecond fall back on the proofs' times. The same meal's own earlier attempt is no
 * match (a photo sent again after a failed save).
 */
export async function checkAndIndexProof(
  database: Database,
  proof: IndexedProof,
): Promise<NearDuplicate | undefined> {
  const key = await indexProof(database, proof);
  const [committed, duplicates] = await Promise.all([
    database.ref(`${dbPaths.proofHashBucket(0, bands(proof.hash)[0])}/${key}/indexedAt`).get(),
    findNearDuplicates(database, proof.hash),
  ]);
  const mine = { indexedAt: Number(committed.val()), at: proof.at, key };
  // The earliest committed of the earlier ones: the original, not another copy of it.
  return duplicates
    .filter((other) => other.key !== key && !sameMeal(other, proof) && committedBefore(other, mine))
    .reduce<NearDuplicate | undefined>(
      (earliest, other) => (earliest && committedBefore(earliest, other) ? earliest : other),
      undefined,
    );
}
