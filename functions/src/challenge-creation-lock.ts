import type { Database } from 'firebase-admin/database';
import { dbPaths } from '../../src/domain/database-paths';
import { HttpError } from './http-error';

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
 */
export class ChallengeCreationLock {
  readonly path: string;

  constructor(
    private readonly database: Database,
    uid: string,
    readonly holder: string,
  ) {
    this.path = dbPaths.challengeCreationLock(uid);
  }

  async acquire(): Promise<void> {
    const deadline = Date.now() + WAIT_LIMIT_MS;
    for (let attempt = 0; ; attempt++) {
      const { committed } = await this.database.ref(this.path).transaction(
        (current: LockRecord | null) => {
          if (current && current.holder !== this.holder && current.expiresAt > Date.now())
            return undefined;
          return { holder: this.holder, expiresAt: Date.now() + LEASE_MS };
        },
        undefined,
        false,
      );
      if (committed) return;
      if (Date.now() > deadline)
        throw new HttpError(503, 'Busy creating another challenge, please try again');
      await sleep(Math.min(200, 10 * 2 ** Math.min(attempt, 4)) * (0.5 + Math.random()));
    }
  }

  /** For paths that end without the creating update. */
  async release(): Promise<void> {
    await this.database
      .ref(this.path)
      // null may only be the empty local cache: writing null then makes the server show the real value.
      .transaction(
        (current: LockRecord | null) =>
          current === null || current.holder === this.holder ? null : undefined,
        undefined,
        false,
      );
  }
}
