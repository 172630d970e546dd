import type { ChallengeRecord, MealRecord } from '@domain/challenges/challenge-record';

/**
 * A stand-in for src/services/database behind the challenge page's tests: it serves `fakeChallengeDatabase.challenge`
 * at users/{uid}/challenges/{cid} and below, records what was watched, and can fail or hold its answers.
 * Use with `vi.mock('@/services/database', async () => (await import(…)).fakeDatabaseService)`.
 */
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export const fakeChallengeDatabase = {
  challenge: null as unknown,
  fail: false,
  watched: [] as string[],
  /** feed/c1/uid: who published the feed entry (null: the challenge has none). */
  feedAuthor: 'uid-asha' as string | null,
  /** When set, answers wait here until the test releases them (a slow network). */
  held: null as Array<() => void> | null,
};

const database = fakeChallengeDatabase;

export const fakeDatabaseService = {
  watchRead: (
    { path }: { path: string },
    onChange: (value: unknown) => void,
    onError?: (error: Error) => void,
  ) => {
    database.watched.push(path);
    const value = path
      .split('/')
      .slice(4)
      .reduce<unknown>(
        (node, key) => (node as Record<string, unknown> | null)?.[key] ?? null,
        database.challenge,
      );
    const answer = () =>
      database.fail ? onError?.(new Error('permission_denied')) : onChange(value);
    if (database.held) database.held.push(answer);
    else queueMicrotask(answer);
    return () => {};
  },
  readValue: (path: string) => Promise.resolve(path === 'feed/c1/uid' ? database.feedAuthor : null),
  writePaths: vi.fn(() => Promise.resolve()),
  SERVER_TIME: { '.sv': 'timestamp' },
};

/** Back to one live challenge (Green week of uid-asha, c1) answering at once. */
export function resetFakeChallengeDatabase() {
  database.challenge = challengeRecord();
  database.fail = false;
  database.watched = [];
  database.feedAuthor = 'uid-asha';
  database.held = null;
}

export function meal(
  name: string,
  opensAt: number,
  overrides: Partial<MealRecord> = {},
): MealRecord {
  return {
    name,
    calories: 500,
    protein: 30,
    carbs: 50,
    fat: 15,
    details: `${name} details`,
    img: `/meals/${name.toLowerCase()}.svg`,
    status: 'Pending',
    opensAt,
    closesAt: opensAt + HOUR,
    ...overrides,
  };
}

/** Day 1: breakfast proved, lunch missed, dinner open now; Day 2 still to come. */
export function challengeRecord(now = Date.now()): ChallengeRecord {
  return {
    title: 'Green week',
    day: 2,
    preference: 'veg',
    targetBody: 'Lean',
    displayName: 'Asha Rao',
    photoURL: '',
    createdAt: new Date(2026, 10, 21, 7, 15).getTime(),
    deleted: false,
    isActive: true,
    startDate: '2026-11-21',
    timezone: 'Asia/Kolkata',
    targets: { calories: 1800, protein: 110, carbs: 200, fat: 60 },
    meals: {
      Day1: {
        breakfast: meal('Poha', now - 5 * HOUR, {
          status: 'Done',
          img: 'https://firebasestorage.googleapis.com/v0/b/demo/o/proof.jpg?alt=media',
          imgPath: 'Challenge/uid-asha/c1/Day1-breakfast.jpg',
          doneAt: now - 4.5 * HOUR,
        }),
        lunch: meal('Rajma', now - 3 * HOUR),
        dinner: meal('Khichdi', now - HOUR / 2),
      },
      Day2: {
        breakfast: meal('Upma', now + DAY - 5 * HOUR),
        lunch: meal('Chole', now + DAY - 3 * HOUR, { calories: 650.4, protein: 25 }),
        dinner: meal('Dal', now + DAY - HOUR / 2),
      },
    },
  };
}
