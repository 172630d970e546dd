import { casesFor } from '../support/rules-matrix';
import {
  OWNER_CHALLENGE,
  SERVER_TIME,
  setInWorld,
  type Database,
  type DatabaseWorld,
} from '../support/database-world';
import { OTHER_UID, OWNER_UID } from '../support/roles';
import type { Storage, StorageWorld } from '../support/storage-world';
import { CHALLENGE, INVITE, JOINED_COPY, withGroup } from '../support/group-world';

/**
 * What a group adds to challenge records (support/group-world.ts): the owner's invite and group fields, the
 * joined copy that shares the owner's challenge id, and what it must not open of the owner's (or the owner of
 * the joiner's).
 */

// users/{uid}/challenges/{cid}/invite: the owner's link token; not a summary field, server-written.
const invite = casesFor<DatabaseWorld, Database>('users/{uid}/challenges/{cid}/invite');
invite.allowed('owner', 'read', 'reads its invite link', (db) => db.ref(INVITE).get(), withGroup);
invite.allowed(
  'admin',
  'read',
  'reads a member’s invite link',
  (db) => db.ref(INVITE).get(),
  withGroup,
);
invite.denied(
  'other member',
  'read',
  'reads the invite token of the group it joined (a member of the group)',
  (db) => db.ref(INVITE).get(),
  withGroup,
);
invite.denied(
  'member',
  'read',
  'reads another member’s invite token',
  (db) => db.ref(`${INVITE}/token`).get(),
  withGroup,
);
invite.denied(
  'visitor',
  'read',
  'reads an invite token',
  (db) => db.ref(`${INVITE}/token`).get(),
  withGroup,
);
invite.denied(
  'owner',
  'create',
  'writes an invite token of its own choosing (a guessable link)',
  (db) => db.ref(INVITE).set({ token: 'a'.repeat(32), open: true, madeAt: SERVER_TIME }),
);
invite.denied(
  'owner',
  'update',
  'reopens closed invitations from the browser',
  (db) => db.ref(`${INVITE}/open`).set(true),
  (world) => {
    withGroup(world);
    setInWorld(world, `${INVITE}/open`, false);
  },
);
invite.denied(
  'owner',
  'delete',
  'removes its invite from the browser',
  (db) => db.ref(INVITE).remove(),
  withGroup,
);
invite.denied(
  'other member',
  'update',
  'replaces the owner’s invite token (a member of the group)',
  (db) => db.ref(`${INVITE}/token`).set('b'.repeat(32)),
  withGroup,
);
invite.denied(
  'admin',
  'update',
  'closes a member’s invitations from the browser',
  (db) => db.ref(`${INVITE}/open`).set(false),
  withGroup,
);
invite.denied(
  'visitor',
  'update',
  'replaces an invite token',
  (db) => db.ref(`${INVITE}/token`).set('b'.repeat(32)),
  withGroup,
);

// The group fields of a challenge record: the owner's access, memberCount and memberPhotos (summary fields
// every member reads), a joined copy's groupOwnerId. Only the API writes them; the owner's own edits
// (title + updatedAt, deleted + isActive) must not carry them.
const challenge = casesFor<DatabaseWorld, Database>('users/{uid}/challenges/{cid}');
for (const field of ['access', 'memberCount', 'memberPhotos'])
  challenge.allowed(
    'member',
    'read',
    `reads the group summary field ${field}`,
    (db) => db.ref(`${CHALLENGE}/${field}`).get(),
    withGroup,
  );
challenge.denied(
  'visitor',
  'read',
  'reads the member count',
  (db) => db.ref(`${CHALLENGE}/memberCount`).get(),
  withGroup,
);
challenge.denied('owner', 'update', 'sets groupOwnerId on its own challenge', (db) =>
  db.ref(`${CHALLENGE}/groupOwnerId`).set(OTHER_UID),
);
challenge.denied(
  'owner',
  'update',
  'forges memberCount on its challenge',
  (db) => db.ref(`${CHALLENGE}/memberCount`).set(50),
  withGroup,
);
challenge.denied(
  'owner',
  'update',
  'switches access to feed from the browser (not the API)',
  (db) => db.ref(`${CHALLENGE}/access`).set('feed'),
);
challenge.denied('owner', 'update', 'retitles and sets groupOwnerId in the same update', (db) =>
  db.ref().update({
    [`${CHALLENGE}/title`]: 'Leaner week',
    [`${CHALLENGE}/updatedAt`]: SERVER_TIME,
    [`feed/${OWNER_CHALLENGE}/title`]: 'Leaner week',
    [`feed/${OWNER_CHALLENGE}/updatedAt`]: SERVER_TIME,
    [`${CHALLENGE}/groupOwnerId`]: OTHER_UID,
  }),
);
challenge.denied(
  'owner',
  'delete',
  'deletes its challenge and clears its memberCount in the same update',
  (db) =>
    db.ref().update({
      [`${CHALLENGE}/deleted`]: true,
      [`${CHALLENGE}/isActive`]: false,
      [`feed/${OWNER_CHALLENGE}`]: null,
      [`${CHALLENGE}/memberCount`]: null,
    }),
  withGroup,
);
challenge.denied(
  'other member',
  'update',
  'removes groupOwnerId from its joined copy (makes it a challenge of its own)',
  (db) => db.ref(`${JOINED_COPY}/groupOwnerId`).remove(),
  withGroup,
);
challenge.denied(
  'other member',
  'update',
  'points its joined copy at another owner (groupOwnerId)',
  (db) => db.ref(`${JOINED_COPY}/groupOwnerId`).set('mia'),
  withGroup,
);
challenge.allowed(
  'other member',
  'read',
  'opens its own plan in the group it joined',
  (db) => db.ref(JOINED_COPY).get(),
  withGroup,
);
// A joined copy shares the owner's challenge id: it must not open the owner's plan to the joiner, nor the
// joiner's to the owner.
challenge.denied(
  'other member',
  'read',
  'opens the owner’s whole challenge (a member of the group)',
  (db) => db.ref(CHALLENGE).get(),
  withGroup,
);
challenge.denied(
  'other member',
  'read',
  'reads the owner’s targets (a member of the group)',
  (db) => db.ref(`${CHALLENGE}/targets`).get(),
  withGroup,
);
challenge.denied(
  'other member',
  'read',
  'reads the owner’s meal macros (a member of the group)',
  (db) => db.ref(`${CHALLENGE}/meals/Day1/breakfast/calories`).get(),
  withGroup,
);
challenge.denied(
  'owner',
  'read',
  'reads the targets of a member who joined its group',
  (db) => db.ref(`${JOINED_COPY}/targets`).get(),
  withGroup,
);
challenge.denied(
  'admin',
  'create',
  'makes a member a joined copy of a challenge from the browser',
  (db) =>
    db
      .ref(`users/mia/challenges/${OWNER_CHALLENGE}`)
      .set({ title: 'Lean week', groupOwnerId: OWNER_UID }),
  withGroup,
);

// A joined copy ends through POST …/leave (its board row and the group's count go with it), never by the
// soft delete a member's own challenge allows, which would free an active place and leave the row behind.
challenge.denied(
  'other member',
  'update',
  'deletes its joined copy from the browser instead of leaving the group',
  (db) => db.ref(JOINED_COPY).update({ deleted: true, isActive: false }),
  withGroup,
);

// feed/{cid}: a joined copy has the owner's challenge id, so the feed entry's rules must not take it for the
// owner's challenge.
const feed = casesFor<DatabaseWorld, Database>('feed/{cid}');
feed.denied(
  'other member',
  'delete',
  'deletes its joined copy and the owner’s feed entry in one update',
  (db) =>
    db.ref().update({
      [`${JOINED_COPY}/deleted`]: true,
      [`${JOINED_COPY}/isActive`]: false,
      [`feed/${OWNER_CHALLENGE}`]: null,
    }),
  withGroup,
);
// A joined copy can't be soft-deleted from the browser, but one marked deleted some other way must still not
// count as the deleter's own deleted challenge: the entry's uid decides.
feed.denied(
  'other member',
  'delete',
  'deletes the owner’s feed entry while holding a deleted copy of that id',
  (db) => db.ref(`feed/${OWNER_CHALLENGE}`).remove(),
  (world) => {
    withGroup(world);
    setInWorld(world, `${JOINED_COPY}/deleted`, true);
    setInWorld(world, `${JOINED_COPY}/isActive`, false);
  },
);
feed.denied(
  'other member',
  'update',
  'retitles its joined copy and the owner’s feed entry together',
  (db) =>
    db.ref().update({
      [`${JOINED_COPY}/title`]: 'Mine now',
      [`${JOINED_COPY}/updatedAt`]: SERVER_TIME,
      [`feed/${OWNER_CHALLENGE}/title`]: 'Mine now',
      [`feed/${OWNER_CHALLENGE}/updatedAt`]: SERVER_TIME,
    }),
  withGroup,
);
feed.denied(
  'owner',
  'update',
  'forges the member count on its feed card',
  (db) => db.ref(`feed/${OWNER_CHALLENGE}/memberCount`).set(49),
  (world) => {
    withGroup(world);
    setInWorld(world, `feed/${OWNER_CHALLENGE}/memberCount`, 2);
  },
);

// users/{uid}/private: a member of the same group gets nothing more than any member.
const privateRecord = casesFor<DatabaseWorld, Database>('users/{uid}/private');
privateRecord.denied(
  'other member',
  'read',
  'reads the body stats of the owner of the group it joined',
  (db) => db.ref(`users/${OWNER_UID}/private`).get(),
  withGroup,
);
privateRecord.denied(
  'owner',
  'read',
  'reads the body stats of a member who joined its group',
  (db) => db.ref(`users/${OTHER_UID}/private/weight`).get(),
  withGroup,
);

export const groupChallengeCases = [
  ...invite.cases,
  ...challenge.cases,
  ...feed.cases,
  ...privateRecord.cases,
];

// Storage: the proof photos of a group reach its members as the download URLs in groups/{cid}/photos (the
// token in the URL is the access); by path, another member's proof stays the owner's and admins'.
const STORAGE_FOLDER = `Challenge/${OWNER_UID}/-NxOliviaChallenge01`;
const proofs = casesFor<StorageWorld, Storage>('Challenge/{uid}/{cid}/{file}');
proofs.denied(
  'other member',
  'read',
  'gets a download URL of a group member’s proof by its path (the board carries the URL)',
  (s) => s.ref(`${STORAGE_FOLDER}/Day2-breakfast.jpg`).getDownloadURL(),
);
proofs.denied('other member', 'query', 'lists the proofs of a group member’s challenge', (s) =>
  s.ref(STORAGE_FOLDER).listAll(),
);
export const groupStorageCases = proofs.cases;
