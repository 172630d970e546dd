import type firebase from 'firebase/compat/app';
import type { RulesTestContext } from '@firebase/rules-unit-testing';
import type { OwnerAccess } from './rules-harness';
import type { MatrixFixture } from './rules-matrix';
import { IDENTITIES, OTHER_UID, OWNER_UID } from './roles';

export type Json = null | boolean | number | string | JsonObject;
export interface JsonObject {
  [key: string]: Json;
}

export type Database = firebase.database.Database;

/** The database as seeded before one test; `now` is when it was built. */
export interface DatabaseWorld {
  now: number;
  tree: JsonObject;
}

export const OWNER_CHALLENGE = 'c-olivia-1';
export const OTHER_CHALLENGE = 'c-oscar-1';
export const WEEK = '2026-W47';
export const MONTH = '2026-11';

/** The placeholder the server replaces with its own clock (what serverTimestamp() sends). */
export const SERVER_TIME = { '.sv': 'timestamp' } as const;

const HOUR = 3_600_000;

export function mealProofPath(uid: string, challengeId: string, day: string, meal: string): string {
  return `Challenge/${uid}/${challengeId}/${day}-${meal}.jpg`;
}

/** A download URL in the production form, for the object a meal proof must point at. */
export function mealProofUrl(uid: string, challengeId: string, day: string, meal: string): string {
  const object = encodeURIComponent(mealProofPath(uid, challengeId, day, meal));
  return `https://firebasestorage.googleapis.com/v0/b/demo-challangex.firebasestorage.app/o/${object}?alt=media&token=0b7c4f1e-9d2a-4c1b-8f3e-5a6b7c8d9e0f`;
}

/** The four fields a member writes to prove a meal, as the app sends them. */
export function mealProof(uid: string, challengeId: string, day: string, meal: string) {
  return {
    img: mealProofUrl(uid, challengeId, day, meal),
    imgPath: mealProofPath(uid, challengeId, day, meal),
    status: 'Done',
    doneAt: SERVER_TIME,
  } as Record<string, unknown>;
}

/** `start` padded to a URL of exactly `length` characters (for the 2,048-character link limits). */
export function urlOfLength(start: string, length: number): string {
  return start + 'l'.repeat(length - start.length);
}

function member(uid: string, name: string, location: string): JsonObject {
  return {
    info: {
      uid,
      displayName: name,
      photoURL: `https://lh3.googleusercontent.com/a/${uid}`,
      joinAt: '2026-01-02 09:30:00',
      createdAt: 1_767_346_200_000,
      location,
      preference: 'veg',
      bio: `${name} likes lentils.`,
      score: 40,
      activeChallenges: 1,
      totalChallenges: 1,
    },
    private: { email: `${uid}@example.com`, emailVerified: true, height: 170, weight: 65, age: 30 },
    social: {
      facebook: `https://www.facebook.com/${uid}`,
      instagram: `https://www.instagram.com/${uid}`,
      twitter: `https://x.com/${uid}`,
      linkedin: `https://www.linkedin.com/in/${uid}`,
    },
  };
}

function meal(name: string, opensAt: number, closesAt: number): JsonObject {
  const dishImage = `/dishes/${name.toLowerCase().replaceAll(' ', '-')}.webp`;
  return {
    name,
    calories: 520,
    protein: 32,
    carbs: 60,
    fat: 14,
    details: `${name}, one bowl`,
    img: dishImage,
    status: 'Pending',
    opensAt,
    closesAt,
  };
}

/**
 * Day1: breakfast open now, lunch not yet open, dinner already closed.
 * Day2: breakfast open now but already proved.
 */
function challenge(uid: string, challengeId: string, now: number): JsonObject {
  const doneBreakfast: JsonObject = {
    ...meal('Poha', now - HOUR, now + HOUR),
    ...(mealProof(uid, challengeId, 'Day2', 'breakfast') as JsonObject),
    doneAt: now - HOUR / 2,
  };
  return {
    title: 'Lean week',
    day: 2,
    preference: 'veg',
    targetBody: 'Lean',
    displayName: uid,
    photoURL: `https://lh3.googleusercontent.com/a/${uid}`,
    createdAt: now - 24 * HOUR,
    deleted: false,
    isActive: true,
    startDate: '2026-11-21',
    timezone: 'Asia/Kolkata',
    targets: { calories: 2000, protein: 110, carbs: 230, fat: 60 },
    meals: {
      Day1: {
        breakfast: meal('Masala oats', now - HOUR, now + HOUR),
        lunch: meal('Dal and rice', now + 2 * HOUR, now + 5 * HOUR),
        dinner: meal('Paneer tikka', now - 5 * HOUR, now - 2 * HOUR),
      },
      Day2: {
        breakfast: doneBreakfast,
        lunch: meal('Rajma chawal', now + 26 * HOUR, now + 29 * HOUR),
        dinner: meal('Veg pulao', now + 34 * HOUR, now + 37 * HOUR),
      },
    },
  };
}

function feedEntry(uid: string, now: number): JsonObject {
  return {
    uid,
    title: 'Lean week',
    day: 2,
    preference: 'veg',
    targetBody: 'Lean',
    displayName: uid,
    photoURL: `https://lh3.googleusercontent.com/a/${uid}`,
    cover: '/dishes/masala-oats.webp',
    createdAt: now - 24 * HOUR,
  };
}

function standing(uid: string, points: number): JsonObject {
  return {
    points,
    displayName: uid,
    photoURL: `https://lh3.googleusercontent.com/a/${uid}`,
    joinAt: '2026-01-02 09:30:00',
  };
}

export function buildDatabaseWorld(now = Date.now()): DatabaseWorld {
  const users: JsonObject = {
    [OWNER_UID]: {
      ...member(OWNER_UID, 'Olivia', 'Pune'),
      challenges: { [OWNER_CHALLENGE]: challenge(OWNER_UID, OWNER_CHALLENGE, now) },
    },
    [OTHER_UID]: {
      ...member(OTHER_UID, 'Oscar', 'Delhi'),
      challenges: { [OTHER_CHALLENGE]: challenge(OTHER_UID, OTHER_CHALLENGE, now) },
    },
  };
  const leaders = { [OWNER_UID]: standing(OWNER_UID, 40), [OTHER_UID]: standing(OTHER_UID, 20) };
  return {
    now,
    tree: {
      users,
      feed: {
        [OWNER_CHALLENGE]: feedEntry(OWNER_UID, now),
        [OTHER_CHALLENGE]: feedEntry(OTHER_UID, now),
      },
      leaderboard: { all: leaders, weekly: { [WEEK]: leaders }, monthly: { [MONTH]: leaders } },
      // The server's admin records (scripts/admin-grant.ts): the admin's, and a value that is truthy but
      // not `true` for the 'truthy admin' (roles.ts). The 'revoked admin' has none: admin:revoke removed it.
      admins: { [IDENTITIES.admin.uid]: true, [IDENTITIES['truthy admin'].uid]: 'yes' },
      website: {
        banner: { val: 'Fitness Meal Protein Health' },
        'social-link': {
          facebook: 'https://facebook.com/challangex',
          twitter: 'https://x.com/challangex',
          linkedin: 'https://www.linkedin.com/company/challangex',
          github: 'https://github.com/challangex',
          youtube: 'https://www.youtube.com/@challangex',
        },
        subscribers: { 'sub-1': { email: 'reader@example.com', createdAt: now - HOUR } },
        contact: {
          'msg-1': {
            name: 'Ravi',
            email: 'ravi@example.com',
            reason: 'Hello',
            message: 'Nice app',
            createdAt: now - HOUR,
          },
        },
      },
    },
  };
}

/** Sets (or with null removes) the node at a slash-separated path of the world. */
export function setInWorld(world: DatabaseWorld, path: string, value: Json): void {
  const keys = path.split('/');
  let node = world.tree;
  for (const key of keys.slice(0, -1)) {
    const next = node[key];
    if (next === null || typeof next !== 'object') node[key] = {};
    node = node[key] as JsonObject;
  }
  const last = keys[keys.length - 1];
  if (value === null) delete node[last];
  else node[last] = value;
}

export const databaseFixture: MatrixFixture<DatabaseWorld, Database> = {
  buildWorld: () => buildDatabaseWorld(),
  seed: (owner: OwnerAccess, world: DatabaseWorld) => owner.database.ref().set(world.tree),
  client: (context: RulesTestContext) => context.database(),
};
