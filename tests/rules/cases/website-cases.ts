import type firebase from 'firebase/compat/app';
import { contactMessageWrites } from '@/features/site/api/send-contact';
import { subscriptionWrites } from '@/features/site/api/subscribe';
import { casesFor } from '../support/rules-matrix';
import type { Database, DatabaseWorld } from '../support/database-world';

type Query = firebase.database.Query;

/** Sends a one-entry update as the app builds it, with `changes` made to the entry (null drops a field). */
function sendEntry(db: Database, writes: Record<string, object>, changes: Record<string, unknown>) {
  const [[path, entry]] = Object.entries(writes);
  return db.ref().update({ [path]: { ...entry, ...changes } });
}
const newKey = (db: Database, list: string) => db.ref(list).push().key!;

/** What the subscribe box sends, with `changes` made to the entry. */
const subscribe = (db: Database, changes: Record<string, unknown> = {}) =>
  sendEntry(
    db,
    subscriptionWrites(newKey(db, 'website/subscribers'), { email: 'new.reader@example.com' }),
    changes,
  );

/** What the contact page sends, with `changes` made to the message. */
const sendContact = (db: Database, changes: Record<string, unknown> = {}) =>
  sendEntry(
    db,
    contactMessageWrites(newKey(db, 'website/contact'), {
      name: 'Asha',
      email: 'asha@example.in',
      reason: 'Feedback',
      message: 'Loving the lunch plans.',
    }),
    changes,
  );

/** A well-formed address of exactly `length` characters. */
const emailOfLength = (length: number) => {
  const domain = '@example.com';
  return 'a'.repeat(length - domain.length) + domain;
};

/** Both sides of the 25-row page cap of an admin list ordered by createdAt, from either end. */
function pageCapCases(list: ReturnType<typeof casesFor<DatabaseWorld, Database>>, node: string) {
  for (const [end, limit] of [
    ['newest', (query: Query, n: number) => query.limitToLast(n)],
    ['oldest', (query: Query, n: number) => query.limitToFirst(n)],
  ] as const) {
    list.allowed('admin', 'query', `reads the ${end} 25 (the page cap)`, (db) =>
      limit(db.ref(node).orderByChild('createdAt'), 25).get(),
    );
    list.denied('admin', 'query', `reads the ${end} 26 (one past the page cap)`, (db) =>
      limit(db.ref(node).orderByChild('createdAt'), 26).get(),
    );
  }
}

const banner = casesFor<DatabaseWorld, Database>('website/banner/val');
banner.allowed('visitor', 'read', 'reads the banner topics', (db) =>
  db.ref('website/banner/val').get(),
);
banner.allowed('member', 'read', 'reads the banner topics', (db) =>
  db.ref('website/banner/val').get(),
);
// Only the API writes what every visitor sees, with an audit entry (functions/src/admin/admin-website-route.ts).
banner.denied('admin', 'update', 'changes the banner topics from the browser, unaudited', (db) =>
  db.ref('website/banner/val').set('Meal Sleep Steps'),
);
banner.denied('admin', 'update', 'adds an unknown field to the banner', (db) =>
  db.ref('website/banner').update({ html: '<script>alert(1)</script>' }),
);
banner.denied('member', 'update', 'changes the banner topics', (db) =>
  db.ref('website/banner/val').set('Spam'),
);
banner.denied('owner', 'update', 'changes the banner topics', (db) =>
  db.ref('website/banner/val').set('Spam'),
);
banner.denied('visitor', 'update', 'changes the banner topics', (db) =>
  db.ref('website/banner/val').set('Spam'),
);
banner.denied('other member', 'update', 'changes the banner topics', (db) =>
  db.ref('website/banner/val').set('Spam'),
);
banner.denied('member', 'create', 'adds a field to the banner record', (db) =>
  db.ref('website/banner/link').set('https://evil.example'),
);
banner.denied('member', 'delete', 'removes the banner', (db) => db.ref('website/banner').remove());

const socialLinks = casesFor<DatabaseWorld, Database>('website/social-link');
socialLinks.allowed('visitor', 'read', "reads the site's social links", (db) =>
  db.ref('website/social-link').get(),
);
socialLinks.denied('admin', 'update', 'changes the github link from the browser, unaudited', (db) =>
  db.ref('website/social-link').update({ github: 'https://github.com/challangex-app' }),
);
socialLinks.denied('admin', 'create', 'adds a link from the browser, unaudited', (db) =>
  db.ref('website/social-link/github').set('https://github.com/challangex-app'),
);
socialLinks.denied('member', 'update', "changes the site's links", (db) =>
  db.ref('website/social-link').update({ facebook: 'https://facebook.com/scam' }),
);
socialLinks.denied('visitor', 'update', "changes the site's links", (db) =>
  db.ref('website/social-link').update({ facebook: 'https://facebook.com/scam' }),
);
socialLinks.denied('owner', 'update', "changes the site's links", (db) =>
  db.ref('website/social-link/github').set('https://github.com/scam'),
);
socialLinks.denied('other member', 'delete', "removes the site's links", (db) =>
  db.ref('website/social-link').remove(),
);
socialLinks.denied('admin', 'delete', 'clears the youtube link from the browser, unaudited', (db) =>
  db.ref('website/social-link/youtube').remove(),
);

const website = casesFor<DatabaseWorld, Database>('website');
website.denied(
  'admin',
  'read',
  'reads the whole website record (every subscriber and message at once)',
  (db) => db.ref('website').get(),
);
website.denied('member', 'read', 'reads the whole website record', (db) => db.ref('website').get());
website.denied('visitor', 'read', 'reads the whole website record', (db) =>
  db.ref('website').get(),
);
website.denied('admin', 'create', 'adds an unknown website record', (db) =>
  db.ref('website/admins').set({ mia: true }),
);

const subscribers = casesFor<DatabaseWorld, Database>('website/subscribers/{id}');
subscribers.allowed('visitor', 'create', 'subscribes with an email and createdAt = now', (db) =>
  subscribe(db),
);
subscribers.allowed('member', 'create', 'subscribes with an email and createdAt = now', (db) =>
  subscribe(db),
);
subscribers.denied('visitor', 'create', 'subscribes with something that is not an email', (db) =>
  subscribe(db, { email: 'not-an-email' }),
);
subscribers.allowed(
  'visitor',
  'create',
  'subscribes with a 254-character email (the limit)',
  (db) => subscribe(db, { email: emailOfLength(254) }),
);
subscribers.denied('visitor', 'create', 'subscribes with a 255-character email', (db) =>
  subscribe(db, { email: emailOfLength(255) }),
);
subscribers.denied('visitor', 'create', 'subscribes with a client-formatted createdAt', (db) =>
  subscribe(db, { createdAt: '2026-11-22 10:00:00' }),
);
subscribers.denied('visitor', 'create', 'subscribes without an email', (db) =>
  subscribe(db, { email: null }),
);
subscribers.denied('visitor', 'create', 'subscribes with an extra field', (db) =>
  subscribe(db, { admin: true }),
);
subscribers.denied('visitor', 'update', "overwrites someone else's subscription", (db) =>
  db.ref().update(subscriptionWrites('sub-1', { email: 'attacker@example.com' })),
);
subscribers.denied('member', 'update', 'changes the email of a subscription', (db) =>
  db.ref('website/subscribers/sub-1/email').set('attacker@example.com'),
);
subscribers.denied('member', 'delete', 'unsubscribes someone else', (db) =>
  db.ref('website/subscribers/sub-1').remove(),
);
subscribers.denied('admin', 'delete', 'removes a subscription', (db) =>
  db.ref('website/subscribers/sub-1').remove(),
);
subscribers.denied('visitor', 'query', 'lists the subscribers', (db) =>
  db.ref('website/subscribers').orderByChild('createdAt').limitToLast(10).get(),
);
subscribers.denied('member', 'read', 'reads the subscriber list', (db) =>
  db.ref('website/subscribers').get(),
);
subscribers.denied('owner', 'read', 'reads one subscription', (db) =>
  db.ref('website/subscribers/sub-1').get(),
);
subscribers.denied('other member', 'query', 'lists the subscribers', (db) =>
  db.ref('website/subscribers').orderByChild('email').limitToFirst(50).get(),
);
subscribers.allowed(
  'admin',
  'query',
  'reads the newest page of subscribers (11 by createdAt)',
  (db) => db.ref('website/subscribers').orderByChild('createdAt').limitToLast(11).get(),
);
subscribers.allowed(
  'admin',
  'query',
  'reads an older page of subscribers (endBefore cursor)',
  (db) =>
    db
      .ref('website/subscribers')
      .orderByChild('createdAt')
      .endBefore(Date.now(), 'sub-9')
      .limitToLast(11)
      .get(),
);
subscribers.denied('admin', 'read', 'reads every subscriber at once', (db) =>
  db.ref('website/subscribers').get(),
);
subscribers.denied('admin', 'query', 'reads 100 subscribers in one page', (db) =>
  db.ref('website/subscribers').orderByChild('createdAt').limitToLast(100).get(),
);

pageCapCases(subscribers, 'website/subscribers');

const contact = casesFor<DatabaseWorld, Database>('website/contact/{id}');
contact.allowed('visitor', 'create', 'sends a contact message', (db) => sendContact(db));
contact.allowed('member', 'create', 'sends a contact message without reason or message', (db) =>
  sendContact(db, { reason: null, message: null }),
);
contact.denied('visitor', 'create', 'sends a message without a name', (db) =>
  sendContact(db, { name: null }),
);
contact.denied('visitor', 'create', 'sends a message with an invalid email', (db) =>
  sendContact(db, { email: 'asha@' }),
);
contact.allowed('visitor', 'create', 'sends a 254-character email (the limit)', (db) =>
  sendContact(db, { email: emailOfLength(254) }),
);
contact.denied('visitor', 'create', 'sends a 255-character email', (db) =>
  sendContact(db, { email: emailOfLength(255) }),
);
// Both sides of each length limit: at the limit sent, one more refused.
for (const [field, limit] of [
  ['name', 100],
  ['reason', 200],
  ['message', 2000],
] as const) {
  contact.allowed('visitor', 'create', `sends a ${limit}-character ${field} (the limit)`, (db) =>
    sendContact(db, { [field]: 'm'.repeat(limit) }),
  );
  if (field !== 'message')
    contact.denied('visitor', 'create', `sends a ${limit + 1}-character ${field}`, (db) =>
      sendContact(db, { [field]: 'm'.repeat(limit + 1) }),
    );
}
contact.denied('visitor', 'create', 'sends a 2,001-character message', (db) =>
  sendContact(db, { message: 'm'.repeat(2001) }),
);
contact.denied('visitor', 'create', 'sends a message with a backdated createdAt', (db) =>
  sendContact(db, { createdAt: 1 }),
);
contact.denied('visitor', 'create', 'sends a message with an extra field', (db) =>
  sendContact(db, { attachment: 'https://evil.example/x.exe' }),
);
contact.denied('visitor', 'update', 'rewrites an existing message', (db) =>
  db.ref('website/contact/msg-1/message').set('Edited'),
);
contact.denied('admin', 'delete', 'removes a message', (db) =>
  db.ref('website/contact/msg-1').remove(),
);
contact.denied('member', 'read', 'reads the contact messages', (db) =>
  db.ref('website/contact').get(),
);
contact.denied('visitor', 'query', 'lists the contact messages', (db) =>
  db.ref('website/contact').orderByChild('createdAt').limitToLast(10).get(),
);
contact.denied('owner', 'read', 'reads one contact message', (db) =>
  db.ref('website/contact/msg-1').get(),
);
contact.denied('other member', 'delete', 'removes a contact message', (db) =>
  db.ref('website/contact/msg-1').remove(),
);
contact.allowed(
  'admin',
  'query',
  'reads the newest page of contact messages (11 by createdAt)',
  (db) => db.ref('website/contact').orderByChild('createdAt').limitToLast(11).get(),
);
contact.denied(
  'admin',
  'read',
  'reads every contact message at once (a flood would stall the screen)',
  (db) => db.ref('website/contact').get(),
);
contact.denied('admin', 'query', 'reads messages ordered by e-mail', (db) =>
  db.ref('website/contact').orderByChild('email').limitToLast(11).get(),
);

pageCapCases(contact, 'website/contact');

export const websiteCases = [
  ...website.cases,
  ...banner.cases,
  ...socialLinks.cases,
  ...subscribers.cases,
  ...contact.cases,
];
