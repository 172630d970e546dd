import {
  mealProofUrl,
  OTHER_CHALLENGE,
  OWNER_CHALLENGE,
  setInWorld,
  type DatabaseWorld,
  type JsonObject,
} from './database-world';
import { compactBoardMeals } from '@domain/challenges/board-windows';
import { OTHER_UID, OWNER_UID } from './roles';

/**
 * The database world of a group challenge (docs/security.md, "Group challenges"), for tests/rules/cases/group-*.ts:
 * Olivia (owner) has opened her challenge to others and Oscar ('other member') joined it, so he holds his own
 * plan under his uid with her challenge id and a row on her board; Mia ('member') joined nothing.
 */

export const HOUR = 3_600_000;
export const GROUP = `groups/${OWNER_CHALLENGE}`;
export const MEMBERS = `${GROUP}/members`;
export const OWNER_ROW = `${MEMBERS}/${OWNER_UID}`;
export const JOINER_ROW = `${MEMBERS}/${OTHER_UID}`;
export const OWNER_PHOTO = `${GROUP}/photos/${OWNER_UID}/Day2-breakfast`;
/** Oscar's own group (his challenge), which Olivia has not joined. */
export const OTHER_GROUP = `groups/${OTHER_CHALLENGE}`;
export const CHALLENGE = `users/${OWNER_UID}/challenges/${OWNER_CHALLENGE}`;
/** Oscar's plan in Olivia's group: his uid, her challenge id. */
export const JOINED_COPY = `users/${OTHER_UID}/challenges/${OWNER_CHALLENGE}`;
export const INVITE = `${CHALLENGE}/invite`;
export const CHEER = `groupCheers/${OWNER_CHALLENGE}/${OWNER_UID}/Day2-breakfast/${OTHER_UID}`;
export const NUDGE = `groupNudges/${OWNER_CHALLENGE}/${OWNER_UID}/Day1-breakfast/${OTHER_UID}`;
export const REPORT = `groupReports/${OWNER_CHALLENGE}/${OWNER_UID}/Day2-breakfast/${OTHER_UID}`;
/** What Oscar cheered and nudged in Olivia's group (the CHEER and NUDGE above): only he reads it. */
export const GIVEN = `groupGiven/${OWNER_CHALLENGE}/${OTHER_UID}`;
export const NOTICES = `users/${OWNER_UID}/notices`;
export const SEEN_AT = `users/${OWNER_UID}/noticesSeenAt`;
const TOKEN = 'Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3Jh';

export function boardRow(uid: string, now: number, proved: number): JsonObject {
  return {
    displayName: uid,
    photoURL: `https://lh3.googleusercontent.com/a/${uid}`,
    joinedAt: now - 20 * HOUR,
    proved,
    points: proved * 10,
    ...(proved > 0 ? { lastProvedAt: now - HOUR / 2 } : {}),
    // As the server writes rows: windows and proof states one string each, cheers by meal (board-windows.ts).
    ...compactBoardMeals({
      'Day1-breakfast': { opensAt: now - HOUR, closesAt: now + HOUR },
      'Day2-breakfast': {
        opensAt: now - HOUR,
        closesAt: now + HOUR,
        ...(proved > 0 ? { proof: 'Done' as const, cheers: 1 } : {}),
      },
    }),
  } as JsonObject;
}

export function notice(kind: 'cheer' | 'nudge', at: number): JsonObject {
  return {
    kind,
    at,
    fromUid: OTHER_UID,
    fromName: 'Oscar',
    fromPhotoURL: `https://lh3.googleusercontent.com/a/${OTHER_UID}`,
    ownerId: OWNER_UID,
    challengeId: OWNER_CHALLENGE,
    title: 'Lean week',
    meal: kind === 'cheer' ? 'Day2-breakfast' : 'Day1-breakfast',
  };
}

function valueAt(world: DatabaseWorld, path: string): JsonObject {
  let node: JsonObject = world.tree;
  for (const key of path.split('/')) node = node[key] as JsonObject;
  return node;
}

/** Olivia's group with Oscar in it, as the API leaves it after his join, a cheer and a nudge. */
export function withGroup(world: DatabaseWorld): void {
  const { now } = world;
  setInWorld(world, `${CHALLENGE}/access`, 'link');
  setInWorld(world, `${CHALLENGE}/memberCount`, 2);
  setInWorld(world, `${CHALLENGE}/memberPhotos`, {
    0: { displayName: 'Olivia', photoURL: `https://lh3.googleusercontent.com/a/${OWNER_UID}` },
    1: { displayName: 'Oscar', photoURL: `https://lh3.googleusercontent.com/a/${OTHER_UID}` },
  });
  setInWorld(world, INVITE, { token: TOKEN, open: true, madeAt: now - 20 * HOUR });
  const copy = structuredClone(valueAt(world, CHALLENGE));
  for (const field of ['access', 'memberCount', 'memberPhotos', 'invite']) delete copy[field];
  setInWorld(world, JOINED_COPY, {
    ...copy,
    displayName: OTHER_UID,
    photoURL: `https://lh3.googleusercontent.com/a/${OTHER_UID}`,
    targets: { calories: 2600, protein: 150, carbs: 300, fat: 80 },
    groupOwnerId: OWNER_UID,
  });
  setInWorld(world, GROUP, {
    ownerId: OWNER_UID,
    access: 'link',
    memberCount: 2,
    members: { [OWNER_UID]: boardRow(OWNER_UID, now, 1), [OTHER_UID]: boardRow(OTHER_UID, now, 0) },
    photos: {
      [OWNER_UID]: {
        'Day2-breakfast': mealProofUrl(OWNER_UID, OWNER_CHALLENGE, 'Day2', 'breakfast'),
      },
    },
  });
  setInWorld(world, OTHER_GROUP, {
    ownerId: OTHER_UID,
    access: 'feed',
    memberCount: 1,
    members: { [OTHER_UID]: boardRow(OTHER_UID, now, 1) },
  });
  setInWorld(world, CHEER, now - HOUR / 4);
  setInWorld(world, NUDGE, now - HOUR / 4);
  setInWorld(world, GIVEN, {
    [OWNER_UID]: {
      'Day2-breakfast': { cheer: now - HOUR / 4 },
      'Day1-breakfast': { nudge: now - HOUR / 4 },
    },
  });
  setInWorld(world, REPORT, {
    reason: 'not-a-meal',
    at: now - HOUR / 4,
    imgPath: `Challenge/${OWNER_UID}/${OWNER_CHALLENGE}/Day2-breakfast.jpg`,
  });
  setInWorld(world, `${NOTICES}/-NoticeCheer0000001`, notice('cheer', now - HOUR / 4));
  setInWorld(world, `${NOTICES}/-NoticeNudge0000002`, notice('nudge', now - HOUR / 5));
  setInWorld(world, SEEN_AT, now - HOUR);
}

/** Oscar after the owner removed him: his board row is gone (his copy is kept here, to prove it grants nothing). */
export function withJoinerRemoved(world: DatabaseWorld): void {
  withGroup(world);
  setInWorld(world, JOINER_ROW, null);
  setInWorld(world, `${GROUP}/memberCount`, 1);
}
