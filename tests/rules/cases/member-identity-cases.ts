/**
 * users/{uid}/info's name and photo as every viewer sees them: photos only from Google's account-photo
 * host and the project's bucket, names that do not pose as the product or its team
 * (src/domain/members/member-identity.ts; the rules refuse what their regular expressions can).
 */
import { firstSignInWrites } from '@/features/auth/api/member-records';
import type { SessionUser } from '@/services/auth';
import { casesFor } from '../support/rules-matrix';
import { setInWorld, type Database, type DatabaseWorld } from '../support/database-world';
import { OWNER_UID } from '../support/roles';

const INFO = `users/${OWNER_UID}/info`;
const PRIVATE = `users/${OWNER_UID}/private`;

const OLIVIA: SessionUser = {
  uid: OWNER_UID,
  email: 'olivia@example.com',
  displayName: 'Olivia',
  photoURL: null,
  emailVerified: true,
  isAdmin: false,
};

const firstSignIn = (info: Record<string, unknown>) => {
  const writes = firstSignInWrites(OLIVIA);
  return { ...writes, [INFO]: { ...writes[INFO], ...info } };
};

const withoutOwnerRecords = (world: DatabaseWorld) => {
  setInWorld(world, INFO, null);
  setInWorld(world, PRIVATE, null);
};

const info = casesFor<DatabaseWorld, Database>('users/{uid}/info');
// Every viewer's browser fetches a member's photo: only Google's account photos and the bucket.
info.denied(
  'owner',
  'update',
  'sets an https photoURL on a host of its own (a tracking pixel)',
  (db) => db.ref(INFO).update({ photoURL: 'https://evil.example/pixel.png' }),
);
info.denied('owner', 'update', "sets a photoURL on a host named like Google's", (db) =>
  db.ref(INFO).update({ photoURL: 'https://lh3.googleusercontent.com.evil.example/a.png' }),
);
info.denied('owner', 'update', "sets a download URL of another project's bucket", (db) =>
  db.ref(INFO).update({
    photoURL: 'https://firebasestorage.googleapis.com/v0/b/someone-else.appspot.com/o/a.jpg',
  }),
);
info.denied(
  'owner',
  'create',
  'first sign-in with a photoURL on another host',
  (db) => db.ref().update(firstSignIn({ photoURL: 'https://evil.example/pixel.png' })),
  withoutOwnerRecords,
);
// Names posing as the product or its team (src/domain/members/member-identity.ts; the rules' part of it).
for (const name of [
  'ChallangeX Team',
  'challange x',
  'Ch@ll@ngeX support',
  'ADMIN',
  'a d m 1 n',
  'Moderator',
])
  info.denied('owner', 'update', `renames itself ${JSON.stringify(name)}`, (db) =>
    db.ref(INFO).update({ displayName: name }),
  );
info.allowed('owner', 'update', 'renames itself "Badminton Lover" (admin inside a word)', (db) =>
  db.ref(INFO).update({ displayName: 'Badminton Lover' }),
);
info.denied(
  'owner',
  'create',
  'first sign-in named "ChallangeX Team"',
  (db) => db.ref().update(firstSignIn({ displayName: 'ChallangeX Team' })),
  withoutOwnerRecords,
);
info.allowed(
  'owner',
  'create',
  'first sign-in of a Google account named "ChallangeX Team" with a photo elsewhere (stored as its e-mail name, no photo)',
  (db) =>
    db.ref().update(
      firstSignInWrites({
        ...OLIVIA,
        displayName: 'ChallangeX Team',
        photoURL: 'https://evil.example/pixel.png',
      }),
    ),
  withoutOwnerRecords,
);

export const memberIdentityCases = info.cases;
