import { casesFor } from '../support/rules-matrix';
import {
  imageBytes,
  KB,
  MB,
  SVG_BYTES,
  type Storage,
  type StoredObject,
  type StorageWorld,
} from '../support/storage-world';
import { OTHER_UID, OWNER_UID } from '../support/roles';

/** Challenge ids are database push ids (20 characters, starting with '-'), as the API mints them. */
const OWNER_CHALLENGE_ID = '-NxOliviaChallenge01';
const CHALLENGE_FOLDER = `Challenge/${OWNER_UID}/${OWNER_CHALLENGE_ID}`;
const NEW_PROOF = `${CHALLENGE_FOLDER}/Day1-breakfast.jpg`;
const STORED_PROOF = `${CHALLENGE_FOLDER}/Day2-breakfast.jpg`;
const AVATAR = `Challenge/${OWNER_UID}/profile/avtar.jpg`;

/** What the bucket holds before every storage test. */
export const INITIAL_OBJECTS: Record<string, StoredObject> = {
  [STORED_PROOF]: { bytes: imageBytes(40 * KB), contentType: 'image/jpeg' },
  [AVATAR]: { bytes: imageBytes(20 * KB), contentType: 'image/jpeg' },
  [`Challenge/${OTHER_UID}/-NxOscarChallenge001/Day1-breakfast.jpg`]: {
    bytes: imageBytes(40 * KB),
    contentType: 'image/jpeg',
  },
};

const upload = (storage: Storage, path: string, bytes: Uint8Array, contentType: string) =>
  storage.ref(path).put(bytes, { contentType });

const proofs = casesFor<StorageWorld, Storage>('Challenge/{uid}/{cid}/{file}');
proofs.allowed('owner', 'create', 'uploads a 200 KB JPEG meal proof', (s) =>
  upload(s, NEW_PROOF, imageBytes(200 * KB), 'image/jpeg'),
);
proofs.allowed('owner', 'create', 'uploads a 600 KB PNG meal proof (resumable upload)', (s) =>
  upload(s, NEW_PROOF, imageBytes(600 * KB), 'image/png'),
);
proofs.allowed('owner', 'create', 'uploads a WebP meal proof', (s) =>
  upload(s, NEW_PROOF, imageBytes(80 * KB), 'image/webp'),
);
proofs.allowed('owner', 'create', 'uploads a JPEG of exactly 5 MB', (s) =>
  upload(s, NEW_PROOF, imageBytes(5 * MB), 'image/jpeg'),
);
proofs.denied('owner', 'create', 'uploads a JPEG of 5 MB and one byte', (s) =>
  upload(s, NEW_PROOF, imageBytes(5 * MB + 1), 'image/jpeg'),
);
proofs.denied('owner', 'create', 'uploads a 6 MB JPEG', (s) =>
  upload(s, NEW_PROOF, imageBytes(6 * MB), 'image/jpeg'),
);
proofs.denied('owner', 'create', 'uploads an SVG (script inside)', (s) =>
  upload(s, NEW_PROOF, SVG_BYTES, 'image/svg+xml'),
);
proofs.denied('owner', 'create', 'uploads an HTML page named .jpg', (s) =>
  upload(s, NEW_PROOF, new TextEncoder().encode('<script>alert(1)</script>'), 'text/html'),
);
proofs.denied('owner', 'create', 'uploads untyped bytes', (s) =>
  upload(s, NEW_PROOF, imageBytes(1 * KB), 'application/octet-stream'),
);
proofs.allowed('owner', 'create', 'uploads a one-byte JPEG (the smallest size)', (s) =>
  upload(s, NEW_PROOF, imageBytes(1), 'image/jpeg'),
);
proofs.denied('owner', 'create', 'uploads an empty file', (s) =>
  upload(s, NEW_PROOF, new Uint8Array(0), 'image/jpeg'),
);
proofs.denied('owner', 'create', 'uploads a GIF', (s) =>
  upload(s, NEW_PROOF, imageBytes(1 * KB), 'image/gif'),
);
proofs.denied('other member', 'create', "uploads into another member's folder", (s) =>
  upload(s, NEW_PROOF, imageBytes(10 * KB), 'image/jpeg'),
);
proofs.denied('member', 'create', "uploads into another member's folder", (s) =>
  upload(s, NEW_PROOF, imageBytes(10 * KB), 'image/jpeg'),
);
proofs.denied('admin', 'create', "uploads into a member's folder", (s) =>
  upload(s, NEW_PROOF, imageBytes(10 * KB), 'image/jpeg'),
);
proofs.denied('visitor', 'create', "uploads into a member's folder", (s) =>
  upload(s, NEW_PROOF, imageBytes(10 * KB), 'image/jpeg'),
);
proofs.denied(
  'owner',
  'update',
  'replaces its stored proof with a new JPEG (proofs are kept)',
  (s) => upload(s, STORED_PROOF, imageBytes(30 * KB), 'image/jpeg'),
);
proofs.denied('owner', 'update', 'changes the metadata of its stored proof', (s) =>
  s.ref(STORED_PROOF).updateMetadata({ customMetadata: { edited: 'yes' } }),
);
for (const name of [
  'extra.jpg',
  'Day8-breakfast.jpg',
  'Day0-lunch.jpg',
  'Day1-brunch.jpg',
  'Day1-breakfast.png',
  'Day1-breakfast.jpg.jpg',
]) {
  proofs.denied('owner', 'create', `uploads ${name} into a challenge folder`, (s) =>
    upload(s, `${CHALLENGE_FOLDER}/${name}`, imageBytes(10 * KB), 'image/jpeg'),
  );
}
proofs.denied('owner', 'create', 'uploads a proof into a folder that is not a challenge id', (s) =>
  upload(
    s,
    `Challenge/${OWNER_UID}/holiday-pics/Day1-breakfast.jpg`,
    imageBytes(10 * KB),
    'image/jpeg',
  ),
);
// A challenge id is 20 characters: one fewer or one more is not a challenge folder.
for (const [length, folder] of [
  [19, OWNER_CHALLENGE_ID.slice(0, 19)],
  [21, `${OWNER_CHALLENGE_ID}x`],
] as const) {
  proofs.denied('owner', 'create', `uploads a proof into a ${length}-character folder id`, (s) =>
    upload(s, `Challenge/${OWNER_UID}/${folder}/Day1-breakfast.jpg`, imageBytes(KB), 'image/jpeg'),
  );
}
proofs.allowed('owner', 'create', 'uploads a second attempt at a rejected proof (-2)', (s) =>
  upload(s, `${CHALLENGE_FOLDER}/Day2-breakfast-2.jpg`, imageBytes(10 * KB), 'image/jpeg'),
);
proofs.allowed('owner', 'create', 'uploads a third attempt at a rejected proof (-3)', (s) =>
  upload(s, `${CHALLENGE_FOLDER}/Day2-breakfast-3.jpg`, imageBytes(10 * KB), 'image/jpeg'),
);
for (const name of ['Day2-breakfast-1.jpg', 'Day2-breakfast-4.jpg', 'Day2-breakfast-23.jpg']) {
  proofs.denied(
    'owner',
    'create',
    `uploads ${name} (no such attempt) into a challenge folder`,
    (s) => upload(s, `${CHALLENGE_FOLDER}/${name}`, imageBytes(10 * KB), 'image/jpeg'),
  );
}
proofs.denied(
  'owner',
  'update',
  'replaces a stored retry (-2) with a new JPEG (retries are kept too)',
  (s) => upload(s, `${CHALLENGE_FOLDER}/Day2-breakfast-2.jpg`, imageBytes(30 * KB), 'image/jpeg'),
  (world) => {
    world.objects[`${CHALLENGE_FOLDER}/Day2-breakfast-2.jpg`] = {
      bytes: imageBytes(10 * KB),
      contentType: 'image/jpeg',
    };
  },
);
// Only the type: no Content-Disposition (a download URL turned into a file-hosting link) and no
// custom metadata (bytes no one reads), on proofs and avatars alike.
const uploadWith = (storage: Storage, path: string, metadata: Record<string, unknown>) =>
  storage.ref(path).put(imageBytes(10 * KB), { contentType: 'image/jpeg', ...metadata });
proofs.denied('owner', 'create', 'uploads a proof with Content-Disposition: attachment', (s) =>
  uploadWith(s, NEW_PROOF, { contentDisposition: 'attachment; filename="setup.exe"' }),
);
proofs.denied('owner', 'create', 'uploads a proof with custom metadata', (s) =>
  uploadWith(s, NEW_PROOF, { customMetadata: { note: 'x'.repeat(1000) } }),
);
proofs.allowed(
  'owner',
  'create',
  'uploads a proof with the inline disposition of its own name',
  (s) =>
    uploadWith(s, NEW_PROOF, { contentDisposition: "inline; filename*=utf-8''Day1-breakfast.jpg" }),
);
proofs.allowed('owner', 'create', 'uploads the proof of Day 7 dinner', (s) =>
  upload(s, `${CHALLENGE_FOLDER}/Day7-dinner.jpg`, imageBytes(10 * KB), 'image/jpeg'),
);
proofs.denied('owner', 'update', 'retypes its stored proof as SVG', (s) =>
  s.ref(STORED_PROOF).updateMetadata({ contentType: 'image/svg+xml' }),
);
proofs.denied('other member', 'update', "replaces another member's proof", (s) =>
  upload(s, STORED_PROOF, imageBytes(30 * KB), 'image/jpeg'),
);
proofs.denied('other member', 'update', "retypes another member's proof", (s) =>
  s.ref(STORED_PROOF).updateMetadata({ contentType: 'image/png' }),
);
proofs.denied('visitor', 'read', 'reads the metadata of a proof', (s) =>
  s.ref(STORED_PROOF).getMetadata(),
);
proofs.denied('visitor', 'read', 'gets a download URL of a proof', (s) =>
  s.ref(STORED_PROOF).getDownloadURL(),
);
proofs.denied('member', 'read', "gets a download URL of a member's proof", (s) =>
  s.ref(STORED_PROOF).getDownloadURL(),
);
proofs.allowed('owner', 'read', 'gets a download URL of its own proof', (s) =>
  s.ref(STORED_PROOF).getDownloadURL(),
);
proofs.denied('other member', 'read', "reads the metadata of another member's proof", (s) =>
  s.ref(STORED_PROOF).getMetadata(),
);
// Admins see a flagged proof through the API (GET /api/admin/proofs/:key/photo), never by path.
proofs.denied('admin', 'read', "gets a download URL of a member's proof", (s) =>
  s.ref(STORED_PROOF).getDownloadURL(),
);
proofs.allowed('owner', 'query', 'lists the proofs of its challenge (gallery)', (s) =>
  s.ref(CHALLENGE_FOLDER).listAll(),
);
proofs.denied('member', 'query', "lists the proofs of a member's challenge", (s) =>
  s.ref(CHALLENGE_FOLDER).listAll(),
);
proofs.denied('admin', 'query', "lists the proofs of a member's challenge", (s) =>
  s.ref(CHALLENGE_FOLDER).listAll(),
);
proofs.denied('visitor', 'query', "lists the proofs of a member's challenge", (s) =>
  s.ref(CHALLENGE_FOLDER).listAll(),
);
proofs.denied('owner', 'delete', 'deletes its own stored proof (proofs are kept)', (s) =>
  s.ref(STORED_PROOF).delete(),
);
proofs.denied('other member', 'delete', "deletes another member's proof", (s) =>
  s.ref(STORED_PROOF).delete(),
);
proofs.denied('member', 'delete', "deletes another member's proof", (s) =>
  s.ref(STORED_PROOF).delete(),
);
proofs.denied('admin', 'delete', "deletes a member's proof", (s) => s.ref(STORED_PROOF).delete());
proofs.denied('visitor', 'delete', "deletes a member's proof", (s) => s.ref(STORED_PROOF).delete());

const avatars = casesFor<StorageWorld, Storage>('Challenge/{uid}/profile/avtar.jpg');
avatars.allowed('owner', 'update', 'replaces its avatar with a 1 MB JPEG', (s) =>
  upload(s, AVATAR, imageBytes(1 * MB), 'image/jpeg'),
);
avatars.allowed(
  'owner',
  'create',
  'uploads a first avatar as PNG',
  (s) => upload(s, AVATAR, imageBytes(50 * KB), 'image/png'),
  (world) => {
    delete world.objects[AVATAR];
  },
);
avatars.allowed('owner', 'update', 'uploads an avatar of exactly 2 MB', (s) =>
  upload(s, AVATAR, imageBytes(2 * MB), 'image/jpeg'),
);
avatars.denied('owner', 'update', 'uploads an avatar of 2 MB and one byte', (s) =>
  upload(s, AVATAR, imageBytes(2 * MB + 1), 'image/jpeg'),
);
avatars.denied('owner', 'update', 'uploads a 3 MB avatar (over the 2 MB cap)', (s) =>
  upload(s, AVATAR, imageBytes(3 * MB), 'image/jpeg'),
);
avatars.denied('owner', 'update', 'uploads an SVG avatar', (s) =>
  upload(s, AVATAR, SVG_BYTES, 'image/svg+xml'),
);
avatars.denied('owner', 'create', 'uploads a second picture into its profile folder', (s) =>
  upload(s, `Challenge/${OWNER_UID}/profile/other.jpg`, imageBytes(10 * KB), 'image/jpeg'),
);
avatars.denied('other member', 'update', "replaces another member's avatar", (s) =>
  upload(s, AVATAR, imageBytes(10 * KB), 'image/jpeg'),
);
avatars.denied('admin', 'update', "replaces a member's avatar", (s) =>
  upload(s, AVATAR, imageBytes(10 * KB), 'image/jpeg'),
);
avatars.denied('visitor', 'update', "replaces a member's avatar", (s) =>
  upload(s, AVATAR, imageBytes(10 * KB), 'image/jpeg'),
);
avatars.denied('owner', 'update', 'uploads an avatar with Content-Disposition: attachment', (s) =>
  uploadWith(s, AVATAR, { contentDisposition: 'attachment' }),
);
avatars.denied('owner', 'update', 'uploads an avatar with custom metadata', (s) =>
  uploadWith(s, AVATAR, { customMetadata: { owner: 'someone-else' } }),
);
avatars.allowed('member', 'read', "gets a member's avatar URL", (s) =>
  s.ref(AVATAR).getDownloadURL(),
);
avatars.denied('visitor', 'read', "gets a member's avatar URL", (s) =>
  s.ref(AVATAR).getDownloadURL(),
);
avatars.allowed('owner', 'delete', 'deletes its avatar', (s) => s.ref(AVATAR).delete());
avatars.denied('other member', 'delete', "deletes another member's avatar", (s) =>
  s.ref(AVATAR).delete(),
);

const elsewhere = casesFor<StorageWorld, Storage>('other paths');
// The unused default/ folder is gone (issue 27): its names are refused like any other.
for (const name of ['photo-1.jpg', 'photo-5.jpg']) {
  elsewhere.denied('owner', 'create', `uploads ${name} to its former default folder`, (s) =>
    upload(s, `Challenge/${OWNER_UID}/default/${name}`, imageBytes(10 * KB), 'image/jpeg'),
  );
}
elsewhere.denied('owner', 'create', 'uploads straight into its member folder', (s) =>
  upload(s, `Challenge/${OWNER_UID}/loose.jpg`, imageBytes(10 * KB), 'image/jpeg'),
);
elsewhere.denied('owner', 'create', 'uploads three folders deep', (s) =>
  upload(s, `${CHALLENGE_FOLDER}/extra/deep.jpg`, imageBytes(10 * KB), 'image/jpeg'),
);
elsewhere.denied('owner', 'create', 'uploads outside Challenge/', (s) =>
  upload(s, 'public/banner.jpg', imageBytes(10 * KB), 'image/jpeg'),
);
elsewhere.denied('member', 'query', "lists every member's folder", (s) =>
  s.ref('Challenge').listAll(),
);
elsewhere.denied('member', 'query', 'lists the bucket root', (s) => s.ref().listAll());
elsewhere.denied('admin', 'query', 'lists the bucket root', (s) => s.ref().listAll());

export const storageCases = [...proofs.cases, ...avatars.cases, ...elsewhere.cases];
