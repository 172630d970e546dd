import { randomUUID } from 'node:crypto';
import { writeData, type TestMember } from './backend';

const HOUR = 3_600_000;

export type MealWindows = Record<'breakfast' | 'lunch' | 'dinner', [number, number]>;

interface SeedOptions {
  title?: string;
  /** Defaults to a day whose meals all open later than `now`. */
  windows?: MealWindows;
  now?: number;
}

/** A one-day challenge written straight into the database (and not into the feed); returns its id. */
export async function seedChallenge(owner: TestMember, options: SeedOptions = {}): Promise<string> {
  const { title = 'Clockwork week', now = Date.now() } = options;
  const windows = options.windows ?? {
    breakfast: [now + HOUR, now + 2 * HOUR],
    lunch: [now + 3 * HOUR, now + 4 * HOUR],
    dinner: [now + 5 * HOUR, now + 6 * HOUR],
  };
  const challengeId = `e2e-${randomUUID().slice(0, 8)}`;
  const meal = (name: string, [opensAt, closesAt]: [number, number]) => ({
    name,
    calories: 500,
    protein: 30,
    carbs: 60,
    fat: 15,
    details: `${name}, freshly made`,
    img: '/meals/poha.svg',
    status: 'Pending',
    opensAt,
    closesAt,
  });
  await writeData(`users/${owner.uid}/challenges/${challengeId}`, {
    title,
    day: 1,
    preference: 'veg',
    targetBody: 'Maintain',
    displayName: owner.name,
    photoURL: '',
    createdAt: now,
    deleted: false,
    isActive: true,
    startDate: new Date(now).toISOString().slice(0, 10),
    timezone: 'UTC',
    targets: { calories: 1500, protein: 90, carbs: 180, fat: 45 },
    meals: {
      Day1: {
        breakfast: meal('Poha', windows.breakfast),
        lunch: meal('Rajma rice', windows.lunch),
        dinner: meal('Khichdi', windows.dinner),
      },
    },
  });
  return challengeId;
}
