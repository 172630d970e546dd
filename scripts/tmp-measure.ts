import { ACTIVITY_LEVELS, MEAL_SLOTS, PREFERENCES, SEXES, TARGET_BODIES, INPUT_LIMITS } from '../src/domain/constants';
import { planMeals } from '../src/domain/meal-planner';
import { nutritionTargets } from '../src/domain/nutrition-targets';
import { seededRandom } from '../src/domain/seeded-random';
import { randomProfiles } from './bench/random-profiles';
const full = process.argv[2] === 'full';
const random = seededRandom('planner-property-tests');
const pick = <T,>(a: readonly T[]) => a[Math.floor(random() * a.length)];
const between = (min: number, max: number) => min + random() * (max - min);
const profiles = full ? Array.from({ length: 1000 }, () => ({
  body: { height: Math.round(between(INPUT_LIMITS.height.min, INPUT_LIMITS.height.max)), weight: Math.round(between(INPUT_LIMITS.weight.min, INPUT_LIMITS.weight.max) * 10) / 10, age: Math.floor(between(INPUT_LIMITS.age.min, INPUT_LIMITS.age.max + 1)), sex: random() < 0.3 ? undefined : pick(SEXES), activity: random() < 0.3 ? undefined : pick(ACTIVITY_LEVELS) },
  goal: pick(TARGET_BODIES), preference: pick(PREFERENCES), days: 1 + Math.floor(random() * 7) })) : randomProfiles(1000);
const stats: Record<string, { days: number; kcal: number; prot: number; sides: number; maxSides: number; shareMax: number }> = {};
const t0 = performance.now();
let fails: string[] = [];
profiles.forEach((p, i) => {
  const targets = nutritionTargets(p.body, p.goal);
  const plan = planMeals({ targets, days: p.days, preference: p.preference, seed: `case-${i}` });
  const s = (stats[p.preference] ??= { days: 0, kcal: 0, prot: 0, sides: 0, maxSides: 0, shareMax: 0 });
  for (const day of plan) {
    s.days++;
    const meals = MEAL_SLOTS.map((slot) => day[slot]!);
    const kcal = meals.reduce((a, m) => a + m.calories, 0);
    const prot = meals.reduce((a, m) => a + m.protein, 0);
    if (Math.abs(kcal - targets.calories) <= targets.calories * 0.05) s.kcal++; else fails.push(`kcal ${p.preference} ${kcal} vs ${targets.calories}`);
    if (prot >= targets.protein) s.prot++; else if (fails.length < 30) fails.push(`prot ${p.preference} ${prot.toFixed(1)} vs ${targets.protein} kcal ${targets.calories} share ${(targets.protein*4/targets.calories).toFixed(2)}`);
    for (const m of meals) { s.sides += m.sides.length; s.maxSides = Math.max(s.maxSides, m.sides.length); }
  }
});
console.log('ms', Math.round(performance.now() - t0));
for (const [k, s] of Object.entries(stats)) console.log(k, s.days, 'kcal', (s.kcal / s.days).toFixed(4), 'prot', (s.prot / s.days).toFixed(4), 'sides/meal', (s.sides / s.days / 3).toFixed(2), 'max', s.maxSides);
console.log(fails.slice(0, 30).join('\n'));
