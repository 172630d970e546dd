import { socialLinksWrites } from '@/features/profile/api/update-profile';
import { casesFor } from '../support/rules-matrix';
import {
  setInWorld,
  urlOfLength,
  type Database,
  type DatabaseWorld,
} from '../support/database-world';
import { OWNER_UID } from '../support/roles';

const SOCIAL = `users/${OWNER_UID}/social`;

const NO_LINKS = { facebook: '', instagram: '', twitter: '', linkedin: '' };
/** What the Edit profile form sends for the social links (the app's own builder), with `links` set. */
const saveLinks = (db: Database, links: Partial<typeof NO_LINKS>) =>
  db.ref().update(socialLinksWrites(OWNER_UID, { ...NO_LINKS, ...links }));

const social = casesFor<DatabaseWorld, Database>('users/{uid}/social');
social.denied('visitor', 'read', "reads a member's social links", (db) => db.ref(SOCIAL).get());
social.allowed('member', 'read', "reads a member's social links", (db) => db.ref(SOCIAL).get());
social.allowed('owner', 'read', 'reads its own social links', (db) => db.ref(SOCIAL).get());
social.allowed('other member', 'read', "reads another member's social links", (db) =>
  db.ref(SOCIAL).get(),
);
social.allowed('admin', 'read', "reads a member's social links", (db) => db.ref(SOCIAL).get());
// Each network's link: exactly 2,048 characters kept, one more refused.
for (const [network, start] of [
  ['facebook', 'https://facebook.com/'],
  ['instagram', 'https://instagram.com/'],
  ['twitter', 'https://x.com/'],
  ['linkedin', 'https://www.linkedin.com/in/'],
] as const) {
  social.allowed('owner', 'update', `saves a 2,048-character ${network} link (the limit)`, (db) =>
    saveLinks(db, { [network]: urlOfLength(start, 2048) }),
  );
  social.denied('owner', 'update', `saves a 2,049-character ${network} link`, (db) =>
    saveLinks(db, { [network]: urlOfLength(start, 2049) }),
  );
}
social.allowed('owner', 'update', 'saves four https links on their sites', (db) =>
  saveLinks(db, {
    facebook: 'https://facebook.com/liv',
    instagram: 'https://instagram.com/liv',
    twitter: 'https://twitter.com/liv',
    linkedin: 'https://in.linkedin.com/in/liv',
  }),
);
social.allowed(
  'owner',
  'create',
  'saves its first social links',
  (db) =>
    db
      .ref(SOCIAL)
      .set({ facebook: 'https://m.facebook.com/liv', instagram: '', twitter: '', linkedin: '' }),
  (world) => setInWorld(world, SOCIAL, null),
);
social.allowed('owner', 'update', 'saves fb.com and mixed-case hosts, with query strings', (db) =>
  db.ref(SOCIAL).update({
    facebook: 'https://fb.com/liv?ref=bio',
    linkedin: 'https://WWW.LinkedIn.com/in/liv#about',
  }),
);
social.allowed('owner', 'update', 'empties a link', (db) =>
  db.ref(SOCIAL).update({ instagram: '' }),
);
social.denied('owner', 'update', 'saves a javascript: link', (db) =>
  db.ref(SOCIAL).update({ facebook: 'javascript:alert(document.cookie)' }),
);
social.denied('owner', 'update', 'saves a plain-http link', (db) =>
  db.ref(SOCIAL).update({ twitter: 'http://twitter.com/liv' }),
);
social.denied('owner', 'update', 'saves a look-alike host (facebook.com.evil.example)', (db) =>
  db.ref(SOCIAL).update({ facebook: 'https://facebook.com.evil.example/liv' }),
);
social.denied('owner', 'update', 'saves a link to another site that mentions the network', (db) =>
  db.ref(SOCIAL).update({ linkedin: 'https://evil.example/linkedin.com' }),
);
social.denied('owner', 'update', 'saves a link with credentials pointing elsewhere', (db) =>
  db.ref(SOCIAL).update({ instagram: 'https://instagram.com@evil.example/' }),
);
social.denied('owner', 'update', 'adds a network outside the four', (db) =>
  db.ref(SOCIAL).update({ tiktok: 'https://tiktok.com/@liv' }),
);
social.denied('other member', 'update', "rewrites another member's links", (db) =>
  db.ref(SOCIAL).update({ facebook: 'https://facebook.com/scam' }),
);
social.denied('admin', 'update', "rewrites a member's links", (db) =>
  db.ref(SOCIAL).update({ facebook: 'https://facebook.com/x' }),
);
social.denied('visitor', 'update', "rewrites a member's links", (db) =>
  db.ref(SOCIAL).update({ facebook: 'https://facebook.com/x' }),
);
social.allowed('owner', 'delete', 'removes all its social links', (db) => db.ref(SOCIAL).remove());
social.denied('other member', 'delete', "removes another member's social links", (db) =>
  db.ref(SOCIAL).remove(),
);

export const socialLinkCases = social.cases;
