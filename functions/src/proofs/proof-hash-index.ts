import { ServerValue, type Database } from 'firebase-admin/database';
import { dbPaths } from '@domain/data/database-paths';
import { hashDistance, type ProofFingerprint } from './proof-fingerprint';

/**
 * Near-duplicate lookup that sees every filed hash within NEAR_DUPLICATE_BITS and reads only what
 * lies that close, whatever the number of stored proofs (docs/security.md, "Proof checks").
 *
 * Two-level pigeonhole: a 64-bit hash is cut into 4 bands of 16 bits; two hashes within 3 bits agree
 * on a whole band, and on the other 48 bits (3 bits apart at most) agree on one of 4 sub-bands of
 * 12 bits. So each hash is filed under the 16 keys (band, sub-band) of 28 bits each, and a lookup
 * reads those 16 buckets whole: every hash within 3 bits shares one, and an unrelated hash lands in
 * one by a 28-bit chance (0.4 rows a lookup at 100,000 proofs). A bucket grows only with hashes that
 * share 28 bits with this one: copies of one picture. One-colour pictures, which all hash alike,
 * are held for review without being filed.
 *
 * A proof is filed under the hashes of its crops (CROP_LEVELS) and looked up with the hashes of its
 * 8 turns and mirrors, so a turned or cropped copy meets its original. The 64-bit hash finds
 * candidates; their 256-bit hashes (in the proof's record) confirm them within FINE_DUPLICATE_BITS,
 * which keeps honest photos of similar plates apart (tests/api/proof-copies.test.ts).
 */
export const NEAR_DUPLICATE_BITS = 3;
/** Of 256: copies measured ≤ 16, distinct photos of similar plates ≥ 54. */
export const FINE_DUPLICATE_BITS = 32;
const BANDS = 4;
const SUB_BANDS = 4;

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

/** The proof's record: who and when, and the 256-bit hashes of its crops that confirm a match. */
interface FiledProof extends IndexedProof {
  fine: string[];
}

export interface NearDuplicate extends IndexedProof {
  key: string;
  distance: number;
}

export type ProofHashes = Pick<
  ProofFingerprint,
  'cropHashes' | 'fineCropHashes' | 'orientationHashes' | 'fineOrientationHashes'
>;

/** The 16 (bucket number, 28-bit value) keys a 64-bit hash is filed under. */
export function bucketsOf(hash: string): Array<[number, string]> {
  const keys: Array<[number, string]> = [];
  for (let band = 0; band < BANDS; band++) {
    const value = hash.slice(band * 4, band * 4 + 4);
    const rest = hash.slice(0, band * 4) + hash.slice(band * 4 + 4);
    for (let sub = 0; sub < SUB_BANDS; sub++)
      keys.push([band * SUB_BANDS + sub, value + rest.slice(sub * 3, sub * 3 + 3)]);
  }
  return keys;
}

const bucketPath = ([number, value]: [number, string]) => dbPaths.proofHashBucket(number, value);
/** Beside the buckets, under the same server-only root. */
const recordPath = (key: string) =>
  `${dbPaths.proofHashBucket(BANDS * SUB_BANDS, 'proofs')}/${key}`;

/** Keys sort by time (orderByKey needs no index): the proof's time, then which proof it is. */
export const indexKey = (proof: Omit<IndexedProof, 'hash'>) =>
  `${String(proof.at).padStart(15, '0')}~${proof.uid}~${proof.challengeId}~${proof.day}~${proof.slot}`;

/** Every row a proof files: each crop's hash under its 16 buckets, and the proof's record. */
function filedRows(key: string, proof: IndexedProof | null, hashes: ProofHashes) {
  const update: Record<string, unknown> = {
    [recordPath(key)]: proof && {
      ...proof,
      fine: hashes.fineCropHashes,
      indexedAt: ServerValue.TIMESTAMP,
    },
  };
  hashes.cropHashes.forEach((hash, level) => {
    for (const bucket of bucketsOf(hash))
      update[`${bucketPath(bucket)}/${key}~${level}`] = proof && hash;
  });
  return update;
}

/** Files a proof under each of its crops' hashes, in one update. */
export async function indexProof(
  database: Database,
  proof: IndexedProof,
  hashes: ProofHashes,
): Promise<string> {
  const key = indexKey(proof);
  await database.ref().update(filedRows(key, proof, hashes));
  return key;
}

/** Removes a proof from the index (a proof whose meal could not be written). */
export async function unindexProof(
  database: Database,
  proof: IndexedProof,
  hashes: ProofHashes,
): Promise<void> {
  await database.ref().update(filedRows(indexKey(proof), null, hashes));
}

export interface Lookup {
  duplicates: NearDuplicate[];
  /** Bucket rows read (the lookup's cost; flat in the number of proofs). */
  rowsRead: number;
}

/**
 * Filed proofs whose crop is within NEAR_DUPLICATE_BITS of one of these turns, confirmed by the
 * 256-bit hashes within FINE_DUPLICATE_BITS; earliest first.
 */
export async function findNearDuplicates(
  database: Database,
  hashes: Pick<ProofHashes, 'orientationHashes' | 'fineOrientationHashes'>,
): Promise<Lookup> {
  const buckets = new Map<string, [number, string]>();
  for (const hash of hashes.orientationHashes)
    for (const bucket of bucketsOf(hash)) buckets.set(bucketPath(bucket), bucket);
  const snapshots = await Promise.all([...buckets.keys()].map((path) => database.ref(path).get()));
  let rowsRead = 0;
  // Per filed proof: its crops within reach, with the turn that reached each.
  const candidates = new Map<string, Array<{ level: number; turn: number }>>();
  for (const snapshot of snapshots)
    snapshot.forEach((row) => {
      rowsRead++;
      const [key, level] = splitRowKey(row.key!);
      hashes.orientationHashes.forEach((hash, turn) => {
        if (hashDistance(hash, String(row.val())) <= NEAR_DUPLICATE_BITS)
          candidates.set(key, [...(candidates.get(key) ?? []), { level, turn }]);
      });
    });
  const found: NearDuplicate[] = [];
  await Promise.all(
    [...candidates].map(async ([key, reaches]) => {
      const filed = (await database.ref(recordPath(key)).get()).val() as FiledProof | null;
      if (!filed) return;
      const distance = Math.min(
        ...reaches.map(({ level, turn }) =>
          hashDistance(hashes.fineOrientationHashes[turn], filed.fine?.[level] ?? ''),
        ),
      );
      if (distance > FINE_DUPLICATE_BITS) return;
      const { uid, challengeId, day, slot, at, imgPath, indexedAt, hash } = filed;
      found.push({ hash, uid, challengeId, day, slot, at, imgPath, indexedAt, key, distance });
    }),
  );
  found.sort((left, right) => left.key.localeCompare(right.key));
  return { duplicates: found, rowsRead };
}

function splitRowKey(rowKey: string): [string, number] {
  const at = rowKey.lastIndexOf('~');
  return [rowKey.slice(0, at), Number(rowKey.slice(at + 1))];
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
  hashes: ProofHashes,
): Promise<NearDuplicate | undefined> {
  const key = await indexProof(database, proof, hashes);
  const [committed, { duplicates }] = await Promise.all([
    database.ref(`${recordPath(key)}/indexedAt`).get(),
    findNearDuplicates(database, hashes),
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
