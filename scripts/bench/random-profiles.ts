/**
 * Reproducible random members and challenge choices for the bench: adult
 * body stats across the range members really have, every goal and diet.
 */
import {
  ACTIVITY_LEVELS,
  PREFERENCES,
  SEXES,
  TARGET_BODIES,
  type Preference,
  type TargetBody,
} from '@domain/constants';
import type { BodyStats } from '@domain/nutrition/nutrition-targets';
import { seededRandom, type RandomSource } from '../../functions/src/planner/seeded-random';

export interface RandomProfile {
  body: BodyStats;
  goal: TargetBody;
  preference: Preference;
  days: number;
}

const between = (random: RandomSource, min: number, max: number) =>
  min + Math.round(random() * (max - min));
const pick = <T>(random: RandomSource, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)];

export function randomProfiles(count: number, seed = 'challangex-bench'): RandomProfile[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => ({
    body: {
      height: between(random, 150, 195),
      weight: between(random, 45, 120),
      age: between(random, 18, 70),
      // Sex and activity are optional in the profile; leave them out sometimes, as members do.
      sex: random() < 0.8 ? pick(random, SEXES) : undefined,
      activity: random() < 0.7 ? pick(random, ACTIVITY_LEVELS) : undefined,
    },
    goal: pick(random, TARGET_BODIES),
    preference: pick(random, PREFERENCES),
    days: between(random, 1, 7),
  }));
}
