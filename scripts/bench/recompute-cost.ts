/**
 * What one POST /api/me/recompute costs a member with a long history (issue #27 item 11): 200 past
 * challenges with proofs whose photos are really stored, and one open challenge in which meals are
 * proved one at a time between recomputes, as a member's phone does. The route's handler runs
 * in-process against the offline RTDB and Storage emulators (firebase-admin, as in production);
 * Storage look-ups are counted at the ProofStore.
 *
 * Reported: the first recompute (no rollup yet: every record read, every proof looked up once),
 * then the steady state (p50/p95 over the later recomputes, and Storage calls against the meals
 * proved since the previous one), and deleting a challenge deep in the past (a rebuild).
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import type { Request, Response } from 'express';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getDatabase, type Database } from 'firebase-admin/database';
import { getStorage } from 'firebase-admin/storage';
import { startDatabaseEmulator } from 'challangex-emulators/database';
import { startStorageEmulator } from 'challangex-emulators/storage';
import { addDays, calendarDateInZone, zonedTimeToEpochMs } from '@domain/calendar-dates';
import type { ChallengeRecord, DayMeals, MealRecord } from '@domain/challenges/challenge-record';
import { MEAL_SLOTS } from '@domain/constants';
import { dbPaths } from '@domain/data/database-paths';
import { challengeSchedule, dayKey } from '@domain/challenges/meal-schedule';
import { storagePaths } from '@domain/data/storage-paths';
import { bucketProofStore, type ProofStore } from '../../functions/src/proofs/proof-store';
import { recomputeMember } from '../../functions/src/progress/recompute-route';
import { check, type Row } from './report';
import { percentile } from './load-loop';

/** The budgets for recompute with 200 past challenges. */
export const RECOMPUTE_BUDGET = { p95Ms: 50, pastChallenges: 200 } as const;

export interface RecomputeCost {
  pastChallenges: number;
  storedProofs: number;
  /** No rollup yet: the one recompute that reads everything. */
  first: { ms: number; storageCalls: number };
  /** The later recomputes. */
  steady: {
    count: number;
    p50Ms: number;
    p95Ms: number;
    /** Meals proved between two recomputes, and the most Storage calls one recompute made. */
    mealsProved: number;
    storageCalls: number;
    /** Recomputes whose Storage calls exceeded the meals proved since the previous one. */
    overBudget: number;
  };
  /** Deleting a challenge from the oldest history (folded): the rebuild it causes. */
  deepDelete: { ms: number; storageCalls: number };
  /** The machine's 1-minute load average when the steady recomputes ended (cores are shared). */
  load: number;
}

const BUCKET = 'demo-challangex-bench.appspot.com';
const ZONE = 'Asia/Kolkata';
const UID = 'bench-member';
const HOUR = 3_600_000;

function meal(index: number, opensAt: number, closesAt: number): MealRecord {
  return {
    name: `Bench dish ${index % 40}`,
    calories: 520,
    protein: 32,
    carbs: 60,
    fat: 14,
    fibre: 8,
    details: 'Moong dal chilla with mint chutney and a bowl of curd; cooked with little oil.',
    img: `/dishes/bench-${index % 40}.webp`,
    dishId: `dish-${index % 40}`,
    portion: 1,
    serving: '2 chillas (180 g)',
    status: 'Pending',
    opensAt,
    closesAt,
  };
}

/** A challenge as the API stores it, created at 07:00 on its start date. */
function challenge(startDate: string, days: number): ChallengeRecord {
  const meals: Record<string, DayMeals> = {};
  challengeSchedule(startDate, days, ZONE).forEach((windows, index) => {
    const day: DayMeals = {};
    for (const slot of MEAL_SLOTS)
      day[slot] = meal(index * 3, windows[slot].opensAt, windows[slot].closesAt);
    meals[dayKey(index + 1)] = day;
  });
  return {
    title: 'Bench week',
    day: days,
    preference: 'veg',
    targetBody: 'Lean',
    displayName: 'Bench Member',
    photoURL: '',
    createdAt: zonedTimeToEpochMs(startDate, 7, 0, ZONE),
    deleted: false,
    isActive: true,
    startDate,
    timezone: ZONE,
    targets: { calories: 2000, protein: 110, carbs: 230, fat: 60 } as ChallengeRecord['targets'],
    meals,
  };
}

interface Proof {
  challengeId: string;
  dayNumber: number;
  slot: (typeof MEAL_SLOTS)[number];
}

async function inBatches<T>(items: T[], size: number, run: (item: T) => Promise<void>) {
  for (let start = 0; start < items.length; start += size)
    await Promise.all(items.slice(start, start + size).map(run));
}

/** 200 past challenges, newest first back from three days ago (1-7 days each, a day apart), and an open one. */
function history(pastChallenges: number, now: number, today: string) {
  // History, newest first, back from the day before yesterday: 1-7 days each, a day apart.
  const challenges: Record<string, ChallengeRecord> = {};
  const proofs: Proof[] = [];
  let end = addDays(today, -3);
  for (let index = 0; index < pastChallenges; index++) {
    const days = 1 + (index % 7);
    const start = addDays(end, 1 - days);
    const challengeId = `past-${String(pastChallenges - index).padStart(4, '0')}`;
    challenges[challengeId] = challenge(start, days);
    for (let dayNumber = 1; dayNumber <= days; dayNumber++)
      for (const slot of MEAL_SLOTS)
        // Breakfast and lunch every day, dinner every third day: streaks, some full days.
        if (slot !== 'dinner' || (index + dayNumber) % 3 === 0)
          proofs.push({ challengeId, dayNumber, slot });
    end = addDays(start, -2);
  }
  // The open challenge: started two days ago, seven days long; its past meals get proved below.
  const openId = 'open-0001';
  challenges[openId] = challenge(addDays(today, -2), 7);
  const openMeals: Proof[] = [];
  for (let dayNumber = 1; dayNumber <= 3; dayNumber++)
    for (const slot of MEAL_SLOTS) {
      const { closesAt } = challenges[openId].meals[dayKey(dayNumber)][slot]!;
      if (closesAt < now) openMeals.push({ challengeId: openId, dayNumber, slot });
    }
  return { challenges, proofs, openId, openMeals };
}

/** Runs the route's handler in-process, as Express would, timing it and counting Storage look-ups. */
function recomputeDriver(database: Database, store: ProofStore, now: number) {
  let storageCalls = 0;
  const counted: ProofStore = {
    createdAt: (path) => {
      storageCalls++;
      return store.createdAt(path);
    },
  };
  const handler = recomputeMember({ database, clock: () => now, proofs: counted });
  return async (challengeId?: string) => {
    storageCalls = 0;
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      const response = { locals: { uid: UID }, json: () => resolve() } as unknown as Response;
      const request = { body: challengeId ? { challengeId } : {} } as Request;
      Promise.resolve(handler(request, response, reject)).catch(reject);
    });
    return { ms: performance.now() - started, storageCalls };
  };
}

export async function measureRecomputeCost({
  pastChallenges = RECOMPUTE_BUDGET.pastChallenges,
  recomputes = 60,
}: { pastChallenges?: number; recomputes?: number } = {}): Promise<RecomputeCost> {
  const database = await startDatabaseEmulator({ port: 0, log: () => {} });
  const storage = await startStorageEmulator({ port: 0 });
  // firebase-admin's Storage also sets STORAGE_EMULATOR_HOST from FIREBASE_STORAGE_EMULATOR_HOST: all three are
  // given back afterwards, or a stack started later by the bench (its seeding) calls this closed emulator.
  const hostKeys = [
    'FIREBASE_DATABASE_EMULATOR_HOST',
    'FIREBASE_STORAGE_EMULATOR_HOST',
    'STORAGE_EMULATOR_HOST',
  ] as const;
  const previousHosts = hostKeys.map((key) => process.env[key]);
  process.env.FIREBASE_DATABASE_EMULATOR_HOST = `127.0.0.1:${database.port}`;
  process.env.FIREBASE_STORAGE_EMULATOR_HOST = `127.0.0.1:${storage.port}`;
  delete process.env.STORAGE_EMULATOR_HOST;
  const app = initializeApp(
    {
      projectId: 'demo-challangex-bench',
      databaseURL: `http://127.0.0.1:${database.port}?ns=recompute-${randomUUID().slice(0, 8)}`,
    },
    `recompute-bench-${randomUUID()}`,
  );
  try {
    const db = getDatabase(app);
    const bucket = getStorage(app).bucket(BUCKET);
    const now = Date.now();
    const today = calendarDateInZone(now, ZONE);

    const { challenges, proofs, openId, openMeals } = history(pastChallenges, now, today);
    const storeProof = async ({ challengeId, dayNumber, slot }: Proof) => {
      const record = challenges[challengeId];
      const target = record.meals[dayKey(dayNumber)][slot]!;
      const path = storagePaths.mealProof(UID, challengeId, dayNumber, slot);
      await bucket.file(path).save(Buffer.from([0xff, 0xd8, 0xff, 0xd9]), {
        contentType: 'image/jpeg',
        resumable: false,
      });
      const timeCreated = new Date(target.opensAt + 5 * 60_000).toISOString();
      const response = await fetch(`http://127.0.0.1:${storage.port}/internal/setTimeCreated`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ bucket: BUCKET, name: path, timeCreated }),
      });
      if (!response.ok) throw new Error(`setTimeCreated: ${response.status}`);
      Object.assign(target, {
        status: 'Done',
        img: `https://firebasestorage.googleapis.com/v0/b/${BUCKET}/o/${encodeURIComponent(path)}?alt=media&token=t`,
        imgPath: path,
        doneAt: target.opensAt + 10 * 60_000,
      });
    };
    await inBatches(proofs, 32, storeProof);
    await db.ref(`users/${UID}`).set({
      info: {
        uid: UID,
        displayName: 'Bench Member',
        photoURL: '',
        joinAt: now - 2000 * 24 * HOUR,
        createdAt: now - 2000 * 24 * HOUR,
      },
      private: {
        email: 'bench@example.com',
        emailVerified: true,
        timeZone: ZONE,
        timeZoneSetAt: 0,
      },
      challenges,
    });

    const recompute = recomputeDriver(db, bucketProofStore(bucket), now);
    const first = await recompute();
    const times: number[] = [];
    let maxCalls = 0;
    let mealsProved = 0;
    let overBudget = 0;
    for (let run = 0; run < recomputes; run++) {
      // Every fifth recompute follows a new proof in the open challenge (as long as meals remain).
      const proof = run % 5 === 0 ? openMeals.shift() : undefined;
      if (proof) {
        await storeProof(proof);
        const target = challenges[openId].meals[dayKey(proof.dayNumber)][proof.slot]!;
        await db
          .ref(`${dbPaths.challenge(UID, openId)}/meals/${dayKey(proof.dayNumber)}/${proof.slot}`)
          .set(target);
      }
      const result = await recompute(proof ? openId : undefined);
      times.push(result.ms);
      maxCalls = Math.max(maxCalls, result.storageCalls);
      if (proof) mealsProved = Math.max(mealsProved, 1);
      if (result.storageCalls > (proof ? 1 : 0)) overBudget++;
    }
    // Deleting the oldest challenge (its dates folded long ago) rebuilds from the records.
    const load = loadavg()[0];
    const oldest = Object.keys(challenges).sort()[0];
    await db.ref(dbPaths.challenge(UID, oldest)).update({ deleted: true, isActive: false });
    const deepDelete = await recompute(oldest);

    const sorted = [...times].sort((a, b) => a - b);
    return {
      pastChallenges,
      storedProofs: proofs.length,
      first,
      steady: {
        count: times.length,
        p50Ms: percentile(sorted, 0.5),
        p95Ms: percentile(sorted, 0.95),
        mealsProved,
        storageCalls: maxCalls,
        overBudget,
      },
      deepDelete,
      load,
    };
  } finally {
    await deleteApp(app);
    await database.close();
    await storage.close();
    hostKeys.forEach((key, index) => {
      const previous = previousHosts[index];
      if (previous === undefined) delete process.env[key];
      else process.env[key] = previous;
    });
  }
}

/** The bench's rows for this section (scripts/bench.ts, section `recompute`). */
export async function recomputeRows(): Promise<Row[]> {
  const cost = await measureRecomputeCost();
  const area = 'recompute';
  const history = `${cost.pastChallenges} past challenges, ${cost.storedProofs.toLocaleString('en')} stored proofs`;
  return [
    {
      area,
      measure: `POST /api/me/recompute, steady state, ${history}: p50 / p95 of ${cost.steady.count} (1-min load ${cost.load.toFixed(1)})`,
      result: `${cost.steady.p50Ms.toFixed(1)} / ${cost.steady.p95Ms.toFixed(1)} ms`,
      budget: `p95 ≤ ${RECOMPUTE_BUDGET.p95Ms} ms`,
      status: check(cost.steady.p95Ms <= RECOMPUTE_BUDGET.p95Ms),
    },
    {
      area,
      measure: `Storage look-ups per recompute (most in one) vs meals proved since the previous one (${history})`,
      result: `${cost.steady.storageCalls} vs ${cost.steady.mealsProved}; ${cost.steady.overBudget} recomputes over`,
      budget: '≤ the meals changed',
      status: check(cost.steady.overBudget === 0),
    },
    {
      area,
      measure: `first recompute without a rollup (every record read, every proof looked up once), ${history}`,
      result: `${(cost.first.ms / 1000).toFixed(1)} s, ${cost.first.storageCalls.toLocaleString('en')} look-ups`,
      budget: 'once per member',
      status: 'info',
    },
    {
      area,
      measure:
        'deleting the oldest challenge (folded history: a rebuild from the records, no Storage)',
      result: `${cost.deepDelete.ms.toFixed(0)} ms, ${cost.deepDelete.storageCalls} look-ups`,
      budget: '—',
      status: 'info',
    },
  ];
}

// `npx tsx scripts/bench/recompute-cost.ts`: this section alone.
if (process.argv[1]?.endsWith('recompute-cost.ts')) {
  const cost = await measureRecomputeCost();
  console.log(JSON.stringify(cost, null, 2));
  process.exit(0);
}
