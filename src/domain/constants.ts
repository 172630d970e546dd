/** Product constants shared by the SPA and the API (docs/product.md: validation, meal windows, points, generation, constants). */

export const MEAL_SLOTS = ['breakfast', 'lunch', 'dinner'] as const;
export type MealSlot = (typeof MEAL_SLOTS)[number];

export interface LocalTime {
  hour: number;
  minute: number;
}

/** Meal windows in the member's local time. */
export const MEAL_WINDOWS: Record<MealSlot, { opens: LocalTime; closes: LocalTime }> = {
  breakfast: { opens: { hour: 8, minute: 0 }, closes: { hour: 10, minute: 0 } },
  lunch: { opens: { hour: 12, minute: 0 }, closes: { hour: 15, minute: 0 } },
  dinner: { opens: { hour: 20, minute: 0 }, closes: { hour: 23, minute: 0 } },
};

export const MEAL_WINDOW_LABELS: Record<MealSlot, string> = {
  breakfast: '8AM to 10AM',
  lunch: '12PM to 3PM',
  dinner: '8PM to 11PM',
};

/** Share of the day's calories per meal. */
export const MEAL_CALORIE_SHARE: Record<MealSlot, number> = {
  breakfast: 0.3,
  lunch: 0.4,
  dinner: 0.3,
};

export const MEAL_STATUSES = ['Pending', 'Available', 'Expired', 'Done'] as const;
export type MealStatus = (typeof MEAL_STATUSES)[number];

export const PREFERENCES = ['veg', 'nonveg', 'vegan'] as const;
export type Preference = (typeof PREFERENCES)[number];

export const TARGET_BODIES = ['Bulk', 'Lean Bulk', 'Lean', 'Cutting', 'Maintain'] as const;
export type TargetBody = (typeof TARGET_BODIES)[number];

export const LOCATIONS = [
  'Mumbai',
  'Delhi',
  'Bangalore',
  'Hyderabad',
  'Chennai',
  'Kolkata',
  'Ahmedabad',
  'Surat',
  'Pune',
  'Jaipur',
  'Lucknow',
  'Kanpur',
  'Nagpur',
  'Indore',
  'Thane',
  'Bhopal',
  'Visakhapatnam',
  'Pimpri-Chinchwad',
  'Patna',
  'Vadodara',
  'Ghaziabad',
  'Ludhiana',
  'Agra',
  'Nashik',
  'Faridabad',
] as const;
export type Location = (typeof LOCATIONS)[number];

export const SEXES = ['male', 'female'] as const;
export type Sex = (typeof SEXES)[number];

export const ACTIVITY_FACTORS = {
  sedentary: 1.2,
  light: 1.375,
  moderate: 1.55,
  active: 1.725,
  'very-active': 1.9,
} as const;
export type ActivityLevel = keyof typeof ACTIVITY_FACTORS;
export const ACTIVITY_LEVELS = Object.keys(ACTIVITY_FACTORS) as ActivityLevel[];
export const DEFAULT_ACTIVITY_LEVEL: ActivityLevel = 'light';

export const CHALLENGE_DAYS = { min: 1, max: 7 } as const;
export const MAX_ACTIVE_CHALLENGES = 2;
export const ACTIVE_CHALLENGE_LIMIT_MESSAGE = 'You can only have 2 active challenges at a time';
/** Creations per member in any 24 hours, deleted challenges included (each one is a public feed entry). */
export const MAX_CHALLENGES_PER_DAY = 3;
export const DAILY_CHALLENGE_LIMIT_MESSAGE = `You can create at most ${MAX_CHALLENGES_PER_DAY} challenges in 24 hours (deleted ones count too); please try again later`;
/** Re-plans per challenge and per member in any 24 hours (each is a plan, with MEAL_PLANNER=gemini a model call). */
export const REPLAN_CAPS = {
  regenerate: { perChallenge: 5, perMember: 8 },
  swap: { perChallenge: 20, perMember: 30 },
} as const;
export const replanCapMessage = (
  action: keyof typeof REPLAN_CAPS,
  scope: 'perChallenge' | 'perMember',
): string => {
  const cap = REPLAN_CAPS[action][scope];
  const what = action === 'regenerate' ? 'regenerate a plan' : 'swap a meal';
  return scope === 'perChallenge'
    ? `You can ${what} at most ${cap} times a day in one challenge; please try again later`
    : `You can ${what} at most ${cap} times a day across your challenges; please try again later`;
};
export const INCOMPLETE_PROFILE_MESSAGE =
  'Please complete your profile before creating a challenge';

/** Bounds of every free-form or numeric input. */
export const INPUT_LIMITS = {
  title: 100,
  displayName: 100,
  url: 2048,
  bio: 500,
  timezone: 64,
  height: { min: 100, max: 250 },
  weight: { min: 25, max: 300 },
  age: { min: 13, max: 110 },
} as const;

export const POINTS = { mealInWindow: 10, fullDayBonus: 10, fullChallengeBonus: 50 } as const;

/**
 * Meal streaks (src/domain/challenges/meal-streak.ts): a streak day needs this many meals proved inside their
 * windows; every `daysPerFreeze` streak days earn a freeze, at most `maxFreezes` held.
 */
export const STREAK_RULES = { mealsPerDay: 2, daysPerFreeze: 7, maxFreezes: 2 } as const;
