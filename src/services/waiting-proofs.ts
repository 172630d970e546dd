import type { MealSlot } from '@domain/constants';
import { PROOF_CLAIM_LIMITS } from '@domain/api/proofs';
import { WAITING_PROOFS_DB } from '@/lib/device-storage';

/**
 * Proof photos that wait on this device for the network (docs/product.md, "Photos that wait for the
 * network"), in IndexedDB: part of the app's one device-storage scheme (src/lib/device-storage.ts
 * deletes the database whenever a session ends). A photo is removed once uploaded and never kept
 * past 48 hours.
 */

export interface WaitingProof {
  /** The photo's storage path: one waiting photo per meal attempt. */
  key: string;
  uid: string;
  challengeId: string;
  day: number;
  slot: MealSlot;
  attempt: number;
  /** SHA-256 of `photo`, lower-case hex: what the claim sends. */
  sha256: string;
  photo: Blob;
  /** When the photo was kept (the device's clock: only for the 48-hour clean-up). */
  keptAt: number;
  /** The server's receipt time of the claim, once it landed. */
  claimedAt?: number;
  /** Why the server refused it, shown until the member dismisses it. */
  problem?: string;
  /**
   * The member's ID token when the photo was kept, for the service worker's background sync to send
   * the claim with the app closed (src/service-worker/proof-sync.ts); it expires within the hour.
   */
  claimToken?: string;
}

const STORE = 'proofs';
let opened: Promise<IDBDatabase> | undefined;

function database(): Promise<IDBDatabase> {
  opened ??= new Promise<IDBDatabase>((resolve, reject) => {
    if (typeof indexedDB === 'undefined') throw new Error('No IndexedDB on this device');
    const request = indexedDB.open(WAITING_PROOFS_DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'key' });
    request.onsuccess = () => {
      const db = request.result;
      // A sign-out deletes the database: let it, and open afresh next time.
      db.onversionchange = () => {
        db.close();
        opened = undefined;
      };
      resolve(db);
    };
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
  }).catch((error: unknown) => {
    opened = undefined;
    throw error;
  });
  return opened;
}

async function run<T>(
  mode: IDBTransactionMode,
  act: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await database();
  return new Promise<T>((resolve, reject) => {
    const transaction = db.transaction(STORE, mode);
    const request = act(transaction.objectStore(STORE));
    transaction.oncomplete = () => resolve(request.result);
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB write failed'));
  });
}

const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/** Calls `onChange` whenever a waiting photo is kept, changed or removed; returns the unsubscribe. */
export function subscribeWaitingProofs(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

export async function keepWaitingProof(proof: WaitingProof): Promise<void> {
  await run('readwrite', (store) => store.put(proof));
  changed();
}

export async function removeWaitingProof(key: string): Promise<void> {
  await run('readwrite', (store) => store.delete(key));
  changed();
}

/**
 * The member's waiting photos (every member's when `uid` is undefined: the service worker knows no
 * member); ones kept longer than 48 hours are removed on the way.
 */
export async function waitingProofs(
  uid: string | undefined,
  now = Date.now(),
): Promise<WaitingProof[]> {
  const all = await run('readonly', (store) => store.getAll() as IDBRequest<WaitingProof[]>);
  const expired = all.filter((proof) => now - proof.keptAt > PROOF_CLAIM_LIMITS.deviceKeepMs);
  await Promise.all(expired.map((proof) => removeWaitingProof(proof.key)));
  return all.filter(
    (proof) => (uid === undefined || proof.uid === uid) && !expired.includes(proof),
  );
}

/** Asks the browser not to evict the app's storage under pressure (a waiting photo is evidence). */
export async function askPersistentStorage(): Promise<void> {
  try {
    if (navigator.storage?.persist && !(await navigator.storage.persisted?.()))
      await navigator.storage.persist();
  } catch {
    // Refused or unsupported: the photo stays, only evictable.
  }
}

/** The background sync of claims (src/service-worker/proof-sync.ts), and its message to open windows. */
export const PROOF_SYNC_TAG = 'challangex-proof-claims';

/** Asks the browser to wake the service worker for `tag` once the network is back (where it can). */
export async function requestBackgroundSync(tag: string): Promise<void> {
  try {
    const registration = (await navigator.serviceWorker?.getRegistration()) as
      (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined;
    await registration?.sync?.register(tag);
  } catch {
    // No background sync here: the app's own retries send the claim.
  }
}

/** SHA-256 of the bytes as lower-case hex (the server hashes the stored object the same way). */
export async function sha256Hex(blob: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer());
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
