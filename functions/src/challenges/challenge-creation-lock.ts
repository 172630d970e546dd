import { randomUUID } from 'node:crypto';
import type { DataSnapshot, Database } from 'firebase-admin/database';
import { dbPaths } from '@domain/data/database-paths';
import { HttpError } from '../http/http-error';

/** Long enough for one create; short enough that a crashed holder does not block the member for long. */
const LEASE_MS = 10_000;
const WAIT_LIMIT_MS = 8_000;

interface LockRecord {
  holder: string;
  expiresAt: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A per-member mutex held in the database through a transaction, so that the active-challenge count
 * read under it is still true when the new challenge is written, across any number of function instances.
 * Whoever holds it releases it, normally inside the same multi-path update that creates the challenge.
 * Each lock object is its own holder (its purpose and a random id): only the same object takes it
 * again, so two parallel requests of one member for the same thing (two joins of one group, two
 * removals of one member) wait for each other instead of both holding it (docs/security.md, "Group
 * challenges").
 */
export class ChallengeCreationLock {
  readonly path: string;
  readonly holder: string;
  /** When the lease this holder last committed ends (this process's clock); 0 before acquire. */
  private leaseEndsAt = 0;

  constructor(
    private readonly database: Database,
    uid: string,
    purpose: string,
  ) {
    this.path = dbPaths.challengeCreationLock(uid);
    this.holder = `${purpose}:${randomUUID()}`;
  }

  /**
   * Takes the lock, waiting while another holds it (503 past WAIT_LIMIT_MS). `giveUpWhen`, asked after
   * each refused attempt, ends the wait without the lock (false): a join whose twin has meanwhile made
   * the member a member needs it no more.
   */
  async acquire(giveUpWhen?: () => Promise<boolean>): Promise<boolean> {
    const deadline = Date.now() + WAIT_LIMIT_MS;
    for (let attempt = 0; ; attempt++) {
      const { committed, snapshot } = await this.transactionOverWrites((current) => {
        if (current && current.holder !== this.holder && current.expiresAt > Date.now())
          return undefined;
        return { holder: this.holder, expiresAt: Date.now() + LEASE_MS };
      });
      if (committed) {
        this.leaseEndsAt = (snapshot.val() as LockRecord).expiresAt;
        return true;
      }
      if (giveUpWhen && (await giveUpWhen())) return false;
      if (Date.now() > deadline)
        throw new HttpError(503, 'busy', 'Busy creating another challenge, please try again');
      await sleep(Math.min(200, 10 * 2 ** Math.min(attempt, 4)) * (0.5 + Math.random()));
    }
  }

  /**
   * Whether the lease taken by the last acquire still has `marginMs` to run: then what was read under
   * the lock is still true, and a holder that planned meanwhile need not take it and read again.
   */
  holdsFor(marginMs: number): boolean {
    return this.leaseEndsAt - Date.now() >= marginMs;
  }

  /** For paths that end without the creating update. */
  async release(): Promise<void> {
    this.leaseEndsAt = 0;
    // null may only be the empty local cache: writing null then makes the server show the real value.
    await this.transactionOverWrites((current) =>
      current === null || current.holder === this.holder ? null : undefined,
    );
  }

  /**
   * A transaction on the lock that survives this process's own writes to it: a twin's creating update clears
   * the lock in its multi-path write, and the SDK aborts a transaction such a write overlaps ('set'); it is
   * then run again on what is there now (a 5-way leave by one member answered 500 without this).
   */
  private async transactionOverWrites(
    update: (current: LockRecord | null) => LockRecord | null | undefined,
  ): Promise<{ committed: boolean; snapshot: DataSnapshot }> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.database.ref(this.path).transaction(update, undefined, false);
      } catch (error) {
        if (attempt >= 20 || String((error as Error).message) !== 'set') throw error;
        await sleep(5 + Math.random() * 20 * attempt);
      }
    }
  }
}
