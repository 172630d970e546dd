import { casesFor } from '../support/rules-matrix';
import { setInWorld, type Database, type DatabaseWorld } from '../support/database-world';
import { ROLES, OWNER_UID } from '../support/roles';

/**
 * Meal reminders' records (docs/architecture.md, "Meal reminders"): server-only, so no client, the
 * member they belong to included, reads or writes any of them. A push subscription's keys let anyone
 * who holds them encrypt pushes to the member's phone; settings and state say when they eat.
 */

const SUBSCRIPTION = `pushSubscriptions/${OWNER_UID}/phone`;
const SETTINGS = `reminderSettings/${OWNER_UID}`;
const STATE = `reminderState/${OWNER_UID}`;
const ZONE = 'reminderZones/Asia|Kolkata';

/** Olivia with reminders on, one device, one reminder sent; her zone on the sender's list. */
function withReminders(world: DatabaseWorld) {
  setInWorld(world, SUBSCRIPTION, {
    endpoint: 'https://fcm.googleapis.com/fcm/send/olivia-phone',
    keys: { p256dh: 'BPk0', auth: 'c2VjcmV0' },
    createdAt: world.now,
  });
  setInWorld(world, SETTINGS, {
    enabled: true,
    breakfast: true,
    lunch: true,
    dinner: true,
    lastCall: true,
    cheersAndNudges: true,
    timeZone: 'Asia/Kolkata',
    updatedAt: world.now,
  });
  setInWorld(world, `${STATE}/sentAt/0`, world.now);
  setInWorld(world, ZONE, true);
}

/** Each record: its rules node (the matrix's path), one record of Olivia's, and a change to it. */
const RECORDS = [
  {
    node: 'pushSubscriptions',
    record: SUBSCRIPTION,
    what: 'a push subscription',
    change: { endpoint: 'https://attacker.test/push', keys: { p256dh: 'BPk0', auth: 'c2VjcmV0' } },
  },
  {
    node: 'reminderSettings',
    record: SETTINGS,
    what: 'reminder settings',
    change: { enabled: false },
  },
  { node: 'reminderState', record: STATE, what: 'the reminder state', change: { sentAt: [1] } },
  { node: 'reminderZones', record: ZONE, what: 'the sender’s zone list', change: null },
] as const;

export const reminderCases = RECORDS.flatMap(({ node, record, what, change }) => {
  const table = casesFor<DatabaseWorld, Database>(node);
  for (const role of ROLES)
    table.denied(
      role,
      'read',
      `reads ${what} of Olivia`,
      (db) => db.ref(record).get(),
      withReminders,
    );
  table.denied('member', 'query', `lists every member's ${what}`, (db) => db.ref(node).get());
  // Nothing seeded: the record is new.
  table.denied('owner', 'create', `writes ${what} of its own`, (db) =>
    db.ref(record).set(change ?? true),
  );
  table.denied(
    'owner',
    'update',
    `changes ${what} of its own`,
    (db) => (change === null ? db.ref(record).set(false) : db.ref(record).update(change as object)),
    withReminders,
  );
  table.denied(
    'owner',
    'delete',
    `removes ${what} of its own`,
    (db) => db.ref(record).remove(),
    withReminders,
  );
  table.denied(
    'admin',
    'update',
    `changes ${what} of a member`,
    (db) => db.ref(record).set(null),
    withReminders,
  );
  return table.cases;
});

/** The cases a rule granting each member their own reminder records must fail (rule-mutant-catalogue.ts). */
export const OWN_REMINDER_RECORD_KILLS = RECORDS.filter(
  ({ node }) => node !== 'reminderZones',
).flatMap(({ node, what }) => [
  `${node} · owner · read · denied: reads ${what} of Olivia`,
  `${node} · owner · create · denied: writes ${what} of its own`,
  `${node} · owner · update · denied: changes ${what} of its own`,
  `${node} · owner · delete · denied: removes ${what} of its own`,
]);
