import type { DataSnapshot, Database, Reference } from 'firebase-admin/database';
import { GROUP_MEMBER_LIMIT } from '@domain/challenges/challenge-board';
import type { FeedEntry } from '@domain/challenges/challenge-record';
import { dbPaths } from '@domain/data/database-paths';
import {
  GROUP_MESSAGES,
  type BoardRow,
  type GroupAccess,
  type GroupSummary,
} from '@domain/challenges/group-records';
import { HttpError } from '../http/http-error';
import { SUMMARY_PHOTOS, valueAt } from './group-store';

/**
 * A group's places and its summary (docs/architecture.md, "Group challenges"): the member count taken and
 * given back by transactions that hold under a crowd, and the feed entry's GroupSummary and the owner's
 * memberCount kept in step with the group.
 */

/**
 * A transaction on a value many requests change at once (a group's memberCount while dozens join): the SDK
 * gives up after 25 lost rounds ('maxretry'), which a 70-way race reaches, and aborts a transaction that a
 * write of the same process overlaps ('set': a removal's update beside a cheer's row); each give-up waits
 * a little at random and tries again, so a crowd ends with the right count instead of 500s.
 */
export async function contendedTransaction<T>(
  ref: Reference,
  update: (current: T | null) => T | null | undefined,
  applyLocally = true,
): Promise<{ committed: boolean; snapshot: DataSnapshot }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await ref.transaction(update, undefined, applyLocally);
    } catch (error) {
      // 'set': a write of this process to the same place aborted it; run it again on what is there now.
      const message = String((error as Error).message);
      if (attempt >= 20 || !(message.includes('maxretry') || message === 'set')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 45 * attempt));
    }
  }
}

/**
 * Keeps the values at paths in the SDK's cache until the returned stop is called. A transaction starts
 * from the cache: with nothing cached its first attempt is refused by the database and tried again once
 * the value has come (two round trips, not one; docs/performance.md, "Group challenges").
 */
export function watchValues(database: Database, paths: string[]): () => void {
  const listener = () => undefined;
  const refs = paths.map((path) => database.ref(path));
  for (const ref of refs) ref.on('value', listener, () => undefined);
  return () => {
    for (const ref of refs) ref.off('value', listener);
  };
}

/**
 * Takes one place in the group if there is room (a transaction on memberCount, so racing joins cannot
 * pass GROUP_MEMBER_LIMIT); 409 when full.
 */
export async function reservePlace(database: Database, challengeId: string): Promise<void> {
  const { committed } = await contendedTransaction<number>(
    database.ref(dbPaths.groupMemberCount(challengeId)),
    (count) => {
      const current = count ?? 0;
      return current >= GROUP_MEMBER_LIMIT ? undefined : current + 1;
    },
  );
  if (!committed) throw new HttpError(409, 'group-full', GROUP_MESSAGES.full);
}

/** Gives a place back: a join that failed after reserving, a member who left or was removed. */
export async function releasePlace(database: Database, challengeId: string): Promise<void> {
  await contendedTransaction<number>(
    database.ref(dbPaths.groupMemberCount(challengeId)),
    (count) => (count === null ? null : Math.max(1, count - 1)),
  );
}

/** Members in the order they joined, the owner first (their row may share its instant with a joiner's). */
export function membersInJoinOrder(
  rows: Record<string, BoardRow>,
  ownerId: string,
): Array<[string, BoardRow]> {
  return Object.entries(rows).sort(
    ([leftId, left], [rightId, right]) =>
      Number(rightId === ownerId) - Number(leftId === ownerId) || left.joinedAt - right.joinedAt,
  );
}

/**
 * The summary non-members see, from the group: its count and the earliest joiners' avatars, the owner
 * first. Reads the owner's row and the first rows by joinedAt (an indexed query, database.rules.json),
 * never the whole board: among those are the first SUMMARY_PHOTOS - 1 others whoever the owner is.
 */
async function readSummary(
  database: Database,
  ownerId: string,
  challengeId: string,
): Promise<GroupSummary | null> {
  const members = database.ref(dbPaths.groupMembers(challengeId));
  const [access, memberCount, earliest, owner] = await Promise.all([
    valueAt<GroupSummary['access']>(database, `${dbPaths.group(challengeId)}/access`),
    valueAt<number>(database, dbPaths.groupMemberCount(challengeId)),
    members.orderByChild('joinedAt').limitToFirst(SUMMARY_PHOTOS).get(),
    members.child(ownerId).get(),
  ]);
  if (!access || typeof memberCount !== 'number') return null;
  const rows = { ...((earliest.val() ?? {}) as Record<string, BoardRow>) };
  if (owner.exists()) rows[ownerId] = owner.val() as BoardRow;
  const photos = membersInJoinOrder(rows, ownerId)
    .slice(0, SUMMARY_PHOTOS)
    .map(([, { displayName, photoURL }]) => ({ displayName, photoURL }));
  return { access, memberCount, memberPhotos: photos };
}

function withSummary(
  entry: FeedEntry,
  {
    access,
    memberCount,
    memberPhotos,
  }: Omit<GroupSummary, 'access'> & { access: GroupSummary['access'] | null },
): FeedEntry {
  const { access: _old, ...rest } = entry;
  void _old;
  // A challenge back to solo keeps its count on the card but no join button (no access).
  return { ...rest, ...(access && { access }), memberCount, memberPhotos };
}

/**
 * Copies the group's summary into its feed entry (only if the entry exists: a hidden challenge's is put
 * aside, and a write would recreate it as a stub) and the owner's record (memberCount, memberPhotos). Racing joins each end by
 * reading the group again and writing once more if it changed meanwhile, so the last to finish leaves
 * the final figures.
 */
export async function refreshGroupSummary(
  database: Database,
  ownerId: string,
  challengeId: string,
): Promise<void> {
  const ownerAccessPath = `${dbPaths.challenge(ownerId, challengeId)}/access`;
  const read = () =>
    Promise.all([
      readSummary(database, ownerId, challengeId),
      valueAt<GroupAccess>(database, ownerAccessPath),
    ]);
  let [summary, ownerAccess] = await read();
  for (let attempt = 0; attempt < 5 && summary; attempt++) {
    const feedAccess = ownerAccess === 'link' || ownerAccess === 'feed' ? ownerAccess : null;
    const written = summary;
    await Promise.all([
      contendedTransaction(
        database.ref(dbPaths.feedEntry(challengeId)),
        (entry: FeedEntry | null) =>
          entry === null
            ? null
            : entry.uid !== ownerId
              ? undefined
              : withSummary(entry, { ...written, access: feedAccess }),
      ),
      database.ref().update({
        [`${dbPaths.challenge(ownerId, challengeId)}/memberCount`]: written.memberCount,
        [`${dbPaths.challenge(ownerId, challengeId)}/memberPhotos`]: written.memberPhotos,
      }),
    ]);
    [summary, ownerAccess] = await read();
    if (JSON.stringify(summary) === JSON.stringify(written)) return;
  }
}
