import { randomUUID } from 'node:crypto';
import { mealWindow } from '@domain/challenges/meal-schedule';
import { writeData, type TestMember } from './backend';

const HOUR = 3_600_000;

export type MealWindows = Record<'breakfast' | 'lunch' | 'dinner', [number, number]>;

interface SeedOptions {
  title?: string;
  /** Defaults to a day whose meals all open later than `now`. */
  windows?: MealWindows;
  now?: number;
  /** Also publish it in the feed, as the API's generate does. */
  published?: boolean;
}

/**
 * A one-day challenge written straight into the database, as the API's generate would leave it (in the
 * feed only when `published`); returns its id, 20 characters like a push id (the storage rules expect one).
 */
export async function seedChallenge(owner: TestMember, options: SeedOptions = {}): Promise<string> {
  const { title = 'Clockwork week', now = Date.now(), published = false } = options;
  const windows = options.windows ?? {
    breakfast: [now + HOUR, now + 2 * HOUR],
    lunch: [now + 3 * HOUR, now + 4 * HOUR],
    dinner: [now + 5 * HOUR, now + 6 * HOUR],
  };
  const challengeId = `-E2e${randomUUID().replaceAll('-', '').slice(0, 16)}`;
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
  const summary = {
    title,
    day: 1,
    preference: 'veg',
    targetBody: 'Maintain',
    displayName: owner.name,
    photoURL: '',
    createdAt: now,
  };
  await writeData(`users/${owner.uid}/challenges/${challengeId}`, {
    ...summary,
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
  if (published)
    await writeData(`feed/${challengeId}`, {
      ...summary,
      uid: owner.uid,
      cover: '/meals/poha.svg',
    });
  return challengeId;
}

/** A zone where it is 12:xx now: lunch (12:00–15:00) is open for two hours more, whatever the time. */
function zoneWhereLunchIsOpen(now = new Date()): string {
  const offset = 12 - now.getUTCHours();
  // Etc/GMT signs are inverted: Etc/GMT-8 is UTC+8.
  return offset === 0 ? 'Etc/GMT' : offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

/**
 * A one-day challenge whose lunch is open now by the server's own reckoning: the proof route derives a
 * meal's window from the challenge's start date and zone (not the stored one), so the challenge is set in a
 * zone where it is 12:xx now, with its stored windows to match.
 */
export async function seedChallengeWithLunchOpen(
  owner: TestMember,
  options: Omit<SeedOptions, 'windows' | 'now'> = {},
): Promise<string> {
  const now = Date.now();
  const timezone = zoneWhereLunchIsOpen();
  const startDate = new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(now);
  const window = (slot: 'breakfast' | 'lunch' | 'dinner'): [number, number] => {
    const { opensAt, closesAt } = mealWindow(startDate, 1, slot, timezone);
    return [opensAt, closesAt];
  };
  const challengeId = await seedChallenge(owner, {
    ...options,
    now,
    windows: { breakfast: window('breakfast'), lunch: window('lunch'), dinner: window('dinner') },
  });
  const path = `users/${owner.uid}/challenges/${challengeId}`;
  await writeData(`${path}/startDate`, startDate);
  await writeData(`${path}/timezone`, timezone);
  return challengeId;
}
