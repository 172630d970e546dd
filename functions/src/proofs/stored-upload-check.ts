import type { Database } from 'firebase-admin/database';
import { isCalendarDate, isValidTimeZone } from '@domain/calendar-dates';
import { dbPaths } from '@domain/data/database-paths';
import { mealWindow } from '@domain/challenges/meal-schedule';
import { nextProofAttempt, type ProofReviewState } from '@domain/challenges/proof-review';
import { parseStoragePath, type StoredObjectPath } from '@domain/data/storage-paths';
import { PROOF_CLAIM_LIMITS } from '@domain/api/proofs';
import { hasTimelyClaim } from './proof-claims';
import { inside, lateProofWindow } from './proof-verification';

/**
 * The finalize check (docs/security.md, "Cloud Storage"): Storage rules cannot read the database, so
 * every object a member stores is judged again once it exists, by the `storedUploadCheck` function
 * (functions/src/index.ts) that Cloud Storage triggers, and deleted when no running challenge owns
 * it. It writes nothing but the member's byte count, and logs why it deleted.
 */

/** The object as the finalized event describes it (the GCS JSON object resource). */
export interface FinalizedObject {
  name: string;
  bucket?: string;
  generation?: string | number;
  size?: string | number;
  contentType?: string;
  contentDisposition?: string;
  contentEncoding?: string;
  contentLanguage?: string;
  cacheControl?: string;
  timeCreated?: string;
  metadata?: Record<string, string> | null;
}

export interface StoredUploadCheckDependencies {
  database: Database;
  /** Deletes this generation of the object; nothing when it is gone or was replaced since. */
  deleteObject: (name: string, generation: string | undefined) => Promise<void>;
  /** Epoch ms; the object's own creation time decides, this only stands in when it has none. */
  now?: () => number;
  log?: (line: string) => void;
  /** The most bytes of proofs a member may store (storageUsage/{uid}). */
  memberByteCap?: number;
}

export type UploadVerdict = { keep: true } | { keep: false; reason: string };

const MB = 1024 * 1024;
/** 200 MB of proofs a member: about 1,000 compressed photos, 50 full 7-day challenges (docs/security.md). */
export const MEMBER_PROOF_BYTE_CAP = 200 * MB;
/** A photo that started inside its window may finish a little after it closes on a slow line. */
export const UPLOAD_GRACE_MS = PROOF_CLAIM_LIMITS.graceMs;
const MAX_BYTES = { avatar: 2 * MB, mealProof: 5 * MB } as const;
const IMAGE_TYPE = /^image\/(jpeg|png|webp)$/;
/** The one custom metadata key the service itself writes: the download token. */
const SERVICE_METADATA_KEYS = new Set(['firebaseStorageDownloadTokens']);
/** The only Content-Disposition storage.rules lets through (the service's own default). */
const INLINE_DISPOSITION = /^inline(; filename\*=utf-8''[A-Za-z0-9._-]+)?$/;

/** What storage.rules bounds, judged again (defence in depth: the rules could change, or be bypassed). */
function metadataProblem(object: FinalizedObject, kind: StoredObjectPath['kind']): string | null {
  const size = Number(object.size);
  if (!Number.isFinite(size) || size <= 0 || size > MAX_BYTES[kind])
    return `its size (${object.size}) is not 1 byte to ${MAX_BYTES[kind]}`;
  if (!IMAGE_TYPE.test(object.contentType ?? ''))
    return `its type ${object.contentType} is refused`;
  if (object.contentDisposition && !INLINE_DISPOSITION.test(object.contentDisposition))
    return 'it sets a Content-Disposition';
  const custom = Object.keys(object.metadata ?? {}).filter(
    (key) => !SERVICE_METADATA_KEYS.has(key),
  );
  if (custom.length > 0) return `it carries custom metadata (${custom.join(', ')})`;
  if (object.cacheControl || object.contentLanguage) return 'it sets cache or language headers';
  if (object.contentEncoding && object.contentEncoding !== 'identity')
    return `it sets Content-Encoding ${object.contentEncoding}`;
  return null;
}

interface ChallengeFacts {
  startDate: unknown;
  timezone: unknown;
  day: unknown;
  deleted: unknown;
  isActive: unknown;
  moderation: unknown;
}

/** The few fields the check needs, without the meals (a challenge record holds its whole plan). */
async function readChallenge(
  database: Database,
  uid: string,
  challengeId: string,
): Promise<ChallengeFacts> {
  const path = dbPaths.challenge(uid, challengeId);
  const fields = ['startDate', 'timezone', 'day', 'deleted', 'isActive', 'moderation'] as const;
  const values = await Promise.all(
    fields.map(async (field) => (await database.ref(`${path}/${field}`).get()).val() as unknown),
  );
  return Object.fromEntries(
    fields.map((field, i) => [field, values[i]]),
  ) as unknown as ChallengeFacts;
}

/**
 * Why no running challenge owns this proof, or null when one does. A photo stored after its window
 * (and the grace) is kept up to 24 hours after the close when the meal has a claim received in time
 * (`claimed`, asked only for such a photo): the proof route then matches its bytes to the claim.
 */
async function proofProblem(
  database: Database,
  proof: Extract<StoredObjectPath, { kind: 'mealProof' }>,
  challenge: ChallengeFacts,
  createdAt: number,
): Promise<string | null> {
  const { startDate, timezone, day } = challenge;
  if (startDate === null && day === null) return 'the challenge does not exist';
  if (challenge.deleted === true) return 'the challenge is deleted';
  if (challenge.moderation !== null) return 'the challenge is hidden by a moderator';
  if (challenge.isActive === false) return 'the challenge has ended';
  if (typeof startDate !== 'string' || !isCalendarDate(startDate))
    return 'the challenge has no start date';
  if (typeof timezone !== 'string' || !isValidTimeZone(timezone))
    return 'the challenge has no time zone';
  if (typeof day !== 'number' || proof.day > day) return `the challenge has no day ${proof.day}`;
  const window = mealWindow(startDate, proof.day, proof.slot, timezone);
  const { opensAt, closesAt } = window;
  if (createdAt >= opensAt && createdAt <= closesAt + UPLOAD_GRACE_MS) return null;
  const claimed =
    inside(createdAt, lateProofWindow(window)) && (await hasTimelyClaim(database, proof, window));
  if (claimed) return null;
  const lastDinner = mealWindow(startDate, day, 'dinner', timezone);
  if (createdAt > lastDinner.closesAt + UPLOAD_GRACE_MS) return 'the challenge has ended';
  return `Day${proof.day} ${proof.slot} was not open when it was stored`;
}

const REVIEW_STATES = new Set<ProofReviewState>(['flagged', 'approved', 'rejected']);

/**
 * The meal this proof is for takes this photo: it is the photo the meal records (the proof route may
 * record it before this check runs), or the attempt the meal expects next (1, or the one after a
 * rejection: src/domain/challenges/proof-review.ts). So a retry name (-2, -3) holds a photo only after a rejection.
 */
async function attemptProblem(
  database: Database,
  proof: Extract<StoredObjectPath, { kind: 'mealProof' }>,
  name: string,
): Promise<string | null> {
  const mealPath = `${dbPaths.challenge(proof.uid, proof.challengeId)}/meals/Day${proof.day}/${proof.slot}`;
  const [status, imgPath, state] = await Promise.all(
    ['status', 'imgPath', 'review/state'].map(
      async (field) => (await database.ref(`${mealPath}/${field}`).get()).val() as unknown,
    ),
  );
  if (imgPath === name) return null;
  const meal = {
    status: typeof status === 'string' ? status : undefined,
    imgPath: typeof imgPath === 'string' ? imgPath : undefined,
    review: REVIEW_STATES.has(state as ProofReviewState)
      ? { state: state as ProofReviewState }
      : undefined,
  };
  const expected = nextProofAttempt(meal);
  if (expected === proof.attempt) return null;
  return expected === undefined
    ? `Day${proof.day} ${proof.slot} takes no more photos`
    : `Day${proof.day} ${proof.slot} expects attempt ${expected}, not ${proof.attempt}`;
}

/** A counted proof's key under storageUsage/{uid}/counted: redelivered events are counted once. */
const countedKey = (proof: Extract<StoredObjectPath, { kind: 'mealProof' }>) =>
  `${proof.challengeId}~Day${proof.day}-${proof.slot}-${proof.attempt}`;

interface StorageUsage {
  bytes?: number;
  counted?: Record<string, number>;
}

/** Adds the proof's bytes to the member's total in a transaction; false when that passes the cap. */
async function countBytes(
  database: Database,
  uid: string,
  key: string,
  size: number,
  cap: number,
): Promise<boolean> {
  let overCap = false;
  const result = await database
    .ref(dbPaths.storageUsage(uid))
    .transaction((current: StorageUsage | null) => {
      overCap = false;
      const usage = current ?? {};
      if (usage.counted?.[key] !== undefined) return usage;
      const bytes = (usage.bytes ?? 0) + size;
      if (bytes > cap) {
        overCap = true;
        return undefined;
      }
      return { bytes, counted: { ...usage.counted, [key]: size } };
    });
  return result.committed || !overCap;
}

export function createStoredUploadCheck({
  database,
  deleteObject,
  now = Date.now,
  log = (line) => console.log(line),
  memberByteCap = MEMBER_PROOF_BYTE_CAP,
}: StoredUploadCheckDependencies) {
  async function judge(object: FinalizedObject): Promise<UploadVerdict> {
    const path = parseStoragePath(object.name);
    if (!path) return { keep: false, reason: 'storage.rules allows no object at this path' };
    const problem = metadataProblem(object, path.kind);
    if (problem) return { keep: false, reason: problem };
    const disabled = await database.ref(dbPaths.disabledMember(path.uid)).get();
    if (disabled.exists()) return { keep: false, reason: 'the member is disabled' };
    if (path.kind === 'avatar') return { keep: true };

    const parsed = Date.parse(object.timeCreated ?? '');
    const createdAt = Number.isFinite(parsed) ? parsed : now();
    const challenge = await readChallenge(database, path.uid, path.challengeId);
    const ownerless = await proofProblem(database, path, challenge, createdAt);
    if (ownerless) return { keep: false, reason: ownerless };
    const unexpected = await attemptProblem(database, path, object.name);
    if (unexpected) return { keep: false, reason: unexpected };
    const counted = await countBytes(
      database,
      path.uid,
      countedKey(path),
      Number(object.size),
      memberByteCap,
    );
    if (!counted)
      return { keep: false, reason: `the member's proofs would pass ${memberByteCap} bytes` };
    return { keep: true };
  }

  /** Judges a finalized object and deletes it when nothing owns it; returns the verdict. */
  return async function checkStoredUpload(object: FinalizedObject): Promise<UploadVerdict> {
    const verdict = await judge(object);
    if (!verdict.keep) {
      const generation = object.generation === undefined ? undefined : String(object.generation);
      await deleteObject(object.name, generation);
      log(`stored-upload-check: deleted ${object.name}: ${verdict.reason}`);
    }
    return verdict;
  };
}
