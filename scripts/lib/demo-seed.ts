/**
 * Demo data for `npm run dev`: members with avatars and complete (or, for one,
 * incomplete) profiles, challenges in every state created through the real
 * API, proved meals with real stored photos (so recompute keeps their points,
 * streaks and 12-week calendars), weight histories, banner, social links and two admins.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getDatabase, type Database } from 'firebase-admin/database';
import { addDays } from '@domain/calendar-dates';
import type { ChallengeRecord } from '@domain/challenges/challenge-record';
import { dbPaths } from '@domain/data/database-paths';
import { storagePaths } from '@domain/data/storage-paths';
import { writeAdminRecord } from '../../functions/src/admin/admin-record';
import { identiconPng, mealPhotoPng } from './identicon-png';
import { setPhotoTimeCreated, uploadPhoto } from './emulator-photos';
import { shiftIntoPast } from './demo-time-shift';

export const DEMO_PASSWORD = 'challangex-demo';
const DAY_MS = 24 * 60 * 60 * 1000;
const TIME_ZONE = 'Asia/Kolkata';

interface DemoChallenge {
  title: string;
  day: number;
  targetBody: ChallengeRecord['targetBody'];
  /** Days ago the challenge started (negative: starts in the future). */
  startedDaysAgo: number;
  /** Meals proved, as [day, slot] pairs. */
  proved?: Array<[number, 'breakfast' | 'lunch' | 'dinner']>;
  deleted?: boolean;
}

interface DemoMember {
  name: string;
  email: string;
  admin?: boolean;
  info: { location: string; preference: 'veg' | 'nonveg' | 'vegan'; bio: string };
  body?: { height: number; weight: number; age: number; sex?: 'male' | 'female' };
  /** A weight log: this many entries over the last 12 weeks, from `from` kg to the body's weight. */
  weights?: { entries: number; from: number };
  social?: Record<string, string>;
  challenges: DemoChallenge[];
}

type Proved = Array<[number, 'breakfast' | 'lunch' | 'dinner']>;

const fullDays = (days: number[]): Proved =>
  days.flatMap((day) =>
    (['breakfast', 'lunch', 'dinner'] as const).map((slot) => [day, slot] as [number, typeof slot]),
  );
/** Two meals (breakfast and dinner) on each day: still a streak day. */
const twoMealDays = (days: number[]): Proved =>
  days.flatMap((day) => [
    [day, 'breakfast'],
    [day, 'dinner'],
  ]);

export const demoMembers: DemoMember[] = [
  {
    name: 'Asha Rao',
    email: 'asha@challangex.dev',
    info: {
      location: 'Pune',
      preference: 'veg',
      bio: 'Runner, chai lover, learning to cook balanced meals.',
    },
    body: { height: 164, weight: 62, age: 29, sex: 'female' },
    weights: { entries: 60, from: 64.8 },
    social: {
      instagram: 'https://www.instagram.com/asha.runs',
      twitter: 'https://twitter.com/asharuns',
    },
    // The first is the challenge page the bench audits (scripts/bench/demo-session.ts). Each is
    // moved into the past before the next is created, so the active limit holds.
    challenges: [
      {
        title: 'Monsoon Lean Week',
        day: 7,
        targetBody: 'Lean',
        startedDaysAgo: 2,
        proved: [...fullDays([1]), [2, 'breakfast'], [2, 'dinner']],
      },
      {
        title: 'Winter Warm-up',
        day: 5,
        targetBody: 'Maintain',
        startedDaysAgo: 70,
        proved: [...fullDays([1, 2]), ...twoMealDays([3, 4]), [5, 'lunch']],
      },
      {
        // Six streak days, then a short seventh: "Your 6-day streak ended on …".
        title: 'Spring Reset',
        day: 7,
        targetBody: 'Lean',
        startedDaysAgo: 40,
        proved: [...fullDays([1, 2, 3]), ...twoMealDays([4, 5, 6]), [7, 'breakfast']],
      },
    ],
  },
  {
    name: 'Vikram Singh',
    email: 'vikram@challangex.dev',
    info: { location: 'Delhi', preference: 'nonveg', bio: 'Powerlifter. Eggs are a food group.' },
    body: { height: 181, weight: 84, age: 33, sex: 'male' },
    weights: { entries: 20, from: 81.6 },
    social: { linkedin: 'https://www.linkedin.com/in/vikram-singh-demo' },
    challenges: [
      {
        title: 'Cut Before Bulk',
        day: 7,
        targetBody: 'Cutting',
        startedDaysAgo: 30,
        proved: [...fullDays([1, 2, 3, 5, 6, 7]), ...twoMealDays([4])],
      },
      {
        title: 'Bulk Season',
        day: 5,
        targetBody: 'Bulk',
        startedDaysAgo: 8,
        proved: fullDays([1, 2, 3, 4, 5]),
      },
      { title: 'Weekday Gains', day: 5, targetBody: 'Bulk', startedDaysAgo: 0 },
    ],
  },
  {
    name: 'Meera Iyer',
    email: 'meera@challangex.dev',
    info: {
      location: 'Chennai',
      preference: 'vegan',
      bio: 'Plant-based for five years, always hungry.',
    },
    body: { height: 158, weight: 57, age: 41, sex: 'female' },
    weights: { entries: 12, from: 58.4 },
    challenges: [
      {
        title: 'Green Start',
        day: 5,
        targetBody: 'Cutting',
        startedDaysAgo: 50,
        proved: [...fullDays([1]), [2, 'lunch'], [2, 'dinner'], [3, 'breakfast'], [3, 'lunch']],
      },
      { title: 'Old Detox Plan', day: 2, targetBody: 'Cutting', startedDaysAgo: 20, deleted: true },
      {
        title: 'Plant Power Cut',
        day: 7,
        targetBody: 'Cutting',
        startedDaysAgo: 4,
        proved: [...fullDays([1, 2]), [3, 'lunch'], [4, 'breakfast']],
      },
    ],
  },
  {
    name: 'Kabir Khan',
    email: 'kabir@challangex.dev',
    info: { location: 'Mumbai', preference: 'nonveg', bio: 'Desk job, weekend cricket.' },
    body: { height: 175, weight: 78, age: 36 },
    weights: { entries: 3, from: 78.6 },
    challenges: [
      { title: 'Steady Maintain', day: 2, targetBody: 'Maintain', startedDaysAgo: 0 },
      { title: 'Protein Power-Up', day: 3, targetBody: 'Lean Bulk', startedDaysAgo: -1 },
    ],
  },
  {
    name: 'Zoya Das',
    email: 'zoya@challangex.dev',
    info: { location: 'Kolkata', preference: 'veg', bio: 'Just joined; profile still incomplete.' },
    challenges: [],
  },
  {
    name: 'Admin One',
    email: 'admin@challangex.dev',
    admin: true,
    info: { location: 'Bangalore', preference: 'veg', bio: 'Keeps ChallangeX running.' },
    body: { height: 170, weight: 68, age: 38 },
    challenges: [],
  },
  {
    name: 'Admin Two',
    email: 'admin2@challangex.dev',
    admin: true,
    info: { location: 'Hyderabad', preference: 'nonveg', bio: 'Second pair of admin hands.' },
    body: { height: 168, weight: 70, age: 45 },
    challenges: [],
  },
];

/**
 * The running group challenge (docs/product.md, "Group challenges"): the first demo member opens it to
 * anyone with the link, the others join through the invite as members do, each with their own plan.
 * Members are chosen so that nobody goes over the active limit and the demo's streak figures hold
 * (Meera proves nothing on a day that would turn her broken day into a streak day).
 */
export const demoGroup = {
  owner: 'asha@challangex.dev',
  challenge: {
    title: 'Together Strong Week',
    day: 5,
    targetBody: 'Lean',
    startedDaysAgo: 1,
    proved: fullDays([1]),
  } satisfies DemoChallenge,
  joiners: [
    { email: 'meera@challangex.dev', proved: [] as Proved },
    {
      email: 'admin@challangex.dev',
      proved: [
        [1, 'breakfast'],
        [1, 'lunch'],
      ] as Proved,
    },
    { email: 'admin2@challangex.dev', proved: [[1, 'lunch']] as Proved },
  ],
} as const;

interface SeedOptions {
  projectId: string;
  /** When given, a marker file there records that seeding is done. */
  dataDir?: string;
  log?: (line: string) => void;
}

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} must be set (the stack sets it)`);
  return value;
};

/** A deterministic wobble in [-0.5, 0.5) for a weight entry, so histories look measured. */
const wobble = (seed: string) => createHash('sha256').update(seed).digest()[0] / 256 - 0.5;

/**
 * users/{uid}/weights as the API writes it (one entry a day, member-zone dates), spread over
 * the last 12 weeks and ending today at the profile's weight, which follows the latest entry.
 */
function weightHistory(member: DemoMember, today: string, now: number) {
  const { weights, body } = member;
  if (!weights || !body) return {};
  const entries: Record<string, { kg: number; at: number }> = {};
  const span = 83;
  for (let index = 0; index < weights.entries; index++) {
    const daysAgo =
      weights.entries === 1 ? 0 : Math.round(span - (index * span) / (weights.entries - 1));
    const date = addDays(today, -daysAgo);
    const share = weights.entries === 1 ? 1 : index / (weights.entries - 1);
    const trend = weights.from + (body.weight - weights.from) * share;
    const kg = daysAgo === 0 ? body.weight : trend + wobble(`${member.email}${date}`) * 0.8;
    entries[date] = { kg: Math.round(kg * 10) / 10, at: now - daysAgo * DAY_MS };
  }
  return entries;
}

async function idTokenFor(email: string, apiKey = 'demo-api-key'): Promise<string> {
  const response = await fetch(
    `http://${env('FIREBASE_AUTH_EMULATOR_HOST')}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${apiKey}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD, returnSecureToken: true }),
    },
  );
  if (!response.ok) throw new Error(`Sign-in of ${email} failed: ${await response.text()}`);
  return ((await response.json()) as { idToken: string }).idToken;
}

class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

async function callApi(apiBase: string, path: string, token: string, body: unknown) {
  const response = await fetch(`${apiBase}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const payload = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok)
    throw new ApiError(
      `${path} answered ${response.status}: ${JSON.stringify(payload)}`,
      response.status,
    );
  return payload;
}

const todayInZone = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date());

/**
 * A demo challenge through the real API, then moved `startedDaysAgo` into the past. When every
 * window of today has already closed, it starts tomorrow instead (and a past one moves one more
 * day back), so seeding works at any hour.
 */
async function createDemoChallenge(
  apiBase: string,
  token: string,
  db: Database,
  {
    uid,
    member,
    challenge,
    photoURL,
    access,
  }: {
    uid: string;
    member: DemoMember;
    challenge: DemoChallenge;
    photoURL: string;
    access?: 'link';
  },
): Promise<{ challengeId: string; shift: number }> {
  const generate = (startTomorrow: boolean) =>
    callApi(apiBase, '/api/generate', token, {
      title: challenge.title,
      day: challenge.day,
      user_id: uid,
      preference: member.info.preference,
      displayName: member.name,
      photoURL,
      targetBody: challenge.targetBody,
      timezone: TIME_ZONE,
      ...(startTomorrow ? { startDate: addDays(todayInZone(), 1) } : {}),
      ...(access ? { access } : {}),
    }) as Promise<{ challengeId: string }>;
  let shift = challenge.startedDaysAgo;
  let created: { challengeId: string };
  if (shift < 0) created = await generate(true);
  else {
    try {
      created = await generate(false);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 422)) throw error;
      created = await generate(true);
      // Day 1 is tomorrow now: one more day back puts it where it belongs (today stays tomorrow).
      if (shift > 0) shift++;
    }
  }
  if (shift > 0) await shiftIntoPast(db, uid, created.challengeId, shift);
  return { challengeId: created.challengeId, shift };
}

/** Proved meals as a member's proof leaves them: a stored photo dated inside the window, the meal Done. */
function demoProver(db: Database, storageHost: string, bucket: string) {
  const counts = { dated: 0, undated: 0 };
  const prove = async (uid: string, challengeId: string, proved: Proved) => {
    const path = dbPaths.challenge(uid, challengeId);
    for (const [day, slot] of proved) {
      const mealPath = `${path}/meals/Day${day}/${slot}`;
      const opensAt = (await db.ref(`${mealPath}/opensAt`).get()).val() as number;
      const doneAt = opensAt + 30 * 60 * 1000;
      const imgPath = storagePaths.mealProof(uid, challengeId, day, slot);
      // A distinct picture per proof: near-duplicates of another proof would be flagged.
      const img = await uploadPhoto(
        storageHost,
        bucket,
        imgPath,
        mealPhotoPng(`${uid}/${imgPath}`),
      );
      if (await setPhotoTimeCreated(storageHost, bucket, imgPath, doneAt - 60_000)) counts.dated++;
      else counts.undated++;
      await db.ref(mealPath).update({ img, imgPath, status: 'Done', doneAt });
    }
  };
  return Object.assign(counts, { prove });
}

/**
 * demoGroup through the real API: the owner opens the challenge to anyone with the link and makes an invite,
 * each joiner joins with it (their own plan, board row and the feed's member count are the server's); then
 * every plan moves into the past together, the proofs are stored, and each member's recompute writes their
 * board row from their plan as the server always does.
 */
async function seedDemoGroup({
  apiBase,
  db,
  uids,
  prove,
  log,
}: {
  apiBase: string;
  db: Database;
  uids: Map<string, { uid: string; photoURL: string }>;
  prove: (uid: string, challengeId: string, proved: Proved) => Promise<void>;
  log: (line: string) => void;
}): Promise<void> {
  const member = (email: string) => {
    const found = demoMembers.find((candidate) => candidate.email === email);
    const ids = uids.get(email);
    if (!found || !ids) throw new Error(`The demo group's member ${email} was not seeded`);
    return { ...found, ...ids };
  };
  const owner = member(demoGroup.owner);
  const ownerToken = await idTokenFor(owner.email);
  const { challengeId } = await createDemoChallenge(apiBase, ownerToken, db, {
    uid: owner.uid,
    member: owner,
    challenge: { ...demoGroup.challenge, startedDaysAgo: 0 },
    photoURL: owner.photoURL,
    access: 'link',
  });
  const invite = `/api/challenges/${challengeId}/invite`;
  const { token } = (await callApi(apiBase, invite, ownerToken, {})) as { token: string };
  const joiners = demoGroup.joiners.map((joiner) => ({ ...member(joiner.email), ...joiner }));
  const tokens = new Map<string, string>([[owner.uid, ownerToken]]);
  for (const joiner of joiners) {
    const joinerToken = await idTokenFor(joiner.email);
    tokens.set(joiner.uid, joinerToken);
    await callApi(apiBase, `/api/challenges/${challengeId}/join`, joinerToken, {
      token,
      timezone: TIME_ZONE,
    });
  }
  // Everyone's plan has the owner's start date: they move back together (one more day if it starts tomorrow,
  // as it does when today's windows have all closed).
  const ownPlan = dbPaths.challenge(owner.uid, challengeId);
  const startDate = (await db.ref(`${ownPlan}/startDate`).get()).val() as string;
  const daysBack = demoGroup.challenge.startedDaysAgo + (startDate > todayInZone() ? 1 : 0);
  const plans = [
    { uid: owner.uid, proved: demoGroup.challenge.proved as Proved },
    ...joiners.map(({ uid, proved }) => ({ uid, proved: proved as Proved })),
  ];
  for (const plan of plans) {
    if (daysBack > 0) await shiftIntoPast(db, plan.uid, challengeId, daysBack);
    await prove(plan.uid, challengeId, plan.proved);
  }
  for (const plan of plans) await callApi(apiBase, '/api/me/recompute', tokens.get(plan.uid)!, {});
  log(`  seeded the group challenge "${demoGroup.challenge.title}" (${plans.length} members)`);
}

export async function seedDemoData({
  projectId,
  dataDir,
  log = console.log,
}: SeedOptions): Promise<void> {
  const functionsPort = process.env.FUNCTIONS_EMULATOR_PORT ?? '5001';
  const apiBase = `http://127.0.0.1:${functionsPort}/${projectId}/us-central1/api`;
  const bucket = `${projectId}.appspot.com`;
  const storageHost = env('FIREBASE_STORAGE_EMULATOR_HOST');
  const app: App = initializeApp(
    {
      projectId,
      databaseURL: `http://${env('FIREBASE_DATABASE_EMULATOR_HOST')}?ns=${projectId}-default-rtdb`,
    },
    `seed-${Date.now()}`,
  );
  try {
    const auth = getAuth(app);
    const db = getDatabase(app);
    await db.ref('website').update({
      banner: { val: 'Keto Vegan Protein Bulk Cutting Detox Maintain' },
      'social-link': {
        facebook: 'https://www.facebook.com/challangex',
        twitter: 'https://twitter.com/challangex',
        linkedin: 'https://www.linkedin.com/company/challangex',
        github: 'https://github.com/challangex',
        youtube: 'https://www.youtube.com/@challangex',
      },
    });

    const proofs = demoProver(db, storageHost, bucket);
    const { prove } = proofs;
    const uids = new Map<string, { uid: string; photoURL: string }>();
    for (const [index, member] of demoMembers.entries()) {
      const user = await auth.createUser({
        email: member.email,
        password: DEMO_PASSWORD,
        displayName: member.name,
        emailVerified: true,
      });
      // As `npm run admin:grant` does: the record the rules and the API read, the claim the app reads.
      if (member.admin) await writeAdminRecord(db, user.uid);
      if (member.admin) await auth.setCustomUserClaims(user.uid, { admin: true });
      const photoURL = await uploadPhoto(
        storageHost,
        bucket,
        storagePaths.avatar(user.uid),
        identiconPng(member.email),
      );
      await auth.updateUser(user.uid, { photoURL });
      uids.set(member.email, { uid: user.uid, photoURL });
      const joined = new Date(Date.now() - (30 - index * 3) * DAY_MS);
      await db.ref(`users/${user.uid}`).update({
        info: {
          uid: user.uid,
          displayName: member.name,
          photoURL,
          // The server's clock, as the rules stamp a new member's (docs/architecture.md).
          joinAt: joined.getTime(),
          createdAt: joined.getTime(),
          ...member.info,
        },
        private: { email: member.email, emailVerified: true, ...(member.body ?? {}) },
        weights: weightHistory(member, todayInZone(), Date.now()),
        social: {
          facebook: '',
          instagram: '',
          twitter: '',
          linkedin: '',
          ...(member.social ?? {}),
        },
      });
      if (member.challenges.length === 0) {
        log(`  seeded ${member.name}${member.admin ? ' (admin)' : ''}`);
        continue;
      }

      const token = await idTokenFor(member.email);
      for (const challenge of member.challenges) {
        const { challengeId } = await createDemoChallenge(apiBase, token, db, {
          uid: user.uid,
          member,
          challenge,
          photoURL,
        });
        const path = dbPaths.challenge(user.uid, challengeId);
        await prove(user.uid, challengeId, challenge.proved ?? []);
        if (challenge.deleted) {
          await db.ref().update({
            [`${path}/deleted`]: true,
            [`${path}/isActive`]: false,
            [dbPaths.feedEntry(challengeId)]: null,
          });
        }
      }
      await callApi(apiBase, '/api/me/recompute', token, {});
      log(
        `  seeded ${member.name} (${member.challenges.length} challenge${member.challenges.length === 1 ? '' : 's'})`,
      );
    }
    await seedDemoGroup({ apiBase, db, uids, prove, log });
    if (proofs.undated > 0)
      log(
        `  warning: this Storage emulator cannot date ${proofs.undated} of ${proofs.dated + proofs.undated} demo proof photos; their points drop once a demo member signs in (the Node emulator dates them)`,
      );
    if (dataDir) writeFileSync(join(dataDir, 'seeded'), new Date().toISOString());
  } finally {
    await deleteApp(app);
  }
}
