import { z } from 'zod';
import { MEAL_SLOTS, type MealSlot, type Preference } from '@domain/constants';
import {
  DISH_CATALOGUE,
  dishFitsPreference,
  findDishById,
  findDishByName,
  type Dish,
} from './dish-catalogue';
import { planAroundMains, type DayMains, type MealPlan, type PlanRequest } from './meal-planner';
import { loadLpSolver, type LpSolver } from './nutrition/lp-solver';
import { mealCalorieTargets } from '@domain/nutrition/nutrition-targets';
import { builtInPlanner, type MealPlanProvider } from './meal-plan-provider';

export interface GeminiOptions {
  apiKey: string;
  model?: string;
  /** The generative-language API root; a local fake in tests. */
  baseUrl?: string;
  timeoutMs?: number;
  fallback?: MealPlanProvider;
  log?: (message: string) => void;
}

export const DEFAULT_GEMINI_MODEL = 'gemini-2.5-flash';
const DEFAULT_BASE_URL = 'https://generativelanguage.googleapis.com/v1beta';
const DEFAULT_TIMEOUT_MS = 8_000;

/** The model names one catalogue dish (its id, or its name) per meal; nutrition then comes from IFCT. */
const dishChoice = z.string().trim().min(2).max(100);
const llmPlanSchema = z.object({
  days: z
    .array(z.object({ breakfast: dishChoice, lunch: dishChoice, dinner: dishChoice }))
    .min(1)
    .max(7),
});

const generateContentResponseSchema = z.object({
  candidates: z
    .array(
      z.object({ content: z.object({ parts: z.array(z.object({ text: z.string() })).min(1) }) }),
    )
    .min(1),
});

/** The OpenAPI-subset schema Gemini's structured output takes. */
const PLAN_RESPONSE_SCHEMA = {
  type: 'OBJECT',
  properties: {
    days: {
      type: 'ARRAY',
      items: {
        type: 'OBJECT',
        properties: {
          breakfast: { type: 'STRING' },
          lunch: { type: 'STRING' },
          dinner: { type: 'STRING' },
        },
        required: ['breakfast', 'lunch', 'dinner'],
      },
    },
  },
  required: ['days'],
};

const DIET_NAMES: Record<Preference, string> = {
  vegan: 'vegan',
  veg: 'Indian vegetarian (milk products, no egg, meat or fish)',
  nonveg: 'non-vegetarian',
};

/** The main dishes a member of this diet may be served at a slot (diets follow from IFCT food groups). */
function menu(slot: MealSlot, preference: Preference): Dish[] {
  return DISH_CATALOGUE.filter(
    (dish) =>
      dish.course === 'main' && dish.slots.includes(slot) && dishFitsPreference(dish, preference),
  );
}

function prompt({ targets, days, preference }: PlanRequest): string {
  const perSlot = mealCalorieTargets(targets.calories);
  const list = (slot: MealSlot) =>
    menu(slot, preference)
      .map(
        (dish) =>
          `${dish.id} (${dish.name}, ${Math.round(dish.kcal)} kcal, ${Math.round(dish.protein)} g protein)`,
      )
      .join('; ');
  return [
    `Plan ${days} day(s) of breakfast, lunch and dinner for an Indian member whose diet is ${DIET_NAMES[preference]}.`,
    `Each day should come near ${targets.calories} kcal (breakfast ${perSlot.breakfast}, lunch ${perSlot.lunch}, dinner ${perSlot.dinner})`,
    `with at least ${targets.protein} g protein; portions and side dishes are added for you.`,
    'Choose only from these dishes, answering with their ids, and never repeat a dish.',
    `Breakfast: ${list('breakfast')}.`,
    `Lunch and dinner: ${list('lunch')}.`,
    'Answer with JSON only.',
  ].join(' ');
}

function catalogueDish(choice: string, slot: MealSlot, preference: Preference): Dish {
  const dish = findDishById(choice.toLowerCase()) ?? findDishByName(choice);
  if (!dish || dish.course !== 'main') throw new Error(`${choice} is not a catalogue dish`);
  if (!dish.slots.includes(slot)) throw new Error(`${dish.name} is not a ${slot}`);
  if (!dishFitsPreference(dish, preference))
    throw new Error(`${dish.name} breaks the ${preference} diet`);
  return dish;
}

/**
 * Maps a model's plan onto catalogue dishes and portions them like the built-in planner, so nutrition
 * always comes from IFCT 2017; throws with the reason when the plan cannot be used.
 */
export function checkedPlan(candidate: unknown, request: PlanRequest, solve: LpSolver): MealPlan {
  const { days } = llmPlanSchema.parse(candidate);
  if (days.length !== request.days)
    throw new Error(`expected ${request.days} days, got ${days.length}`);
  const served = new Set<string>();
  const mains: DayMains[] = days.map((day) => {
    const dayMains: DayMains = {};
    for (const slot of MEAL_SLOTS) {
      const dish = catalogueDish(day[slot], slot, request.preference);
      if (served.has(dish.id)) throw new Error(`${dish.name} repeats`);
      served.add(dish.id);
      dayMains[slot] = dish;
    }
    return dayMains;
  });
  return planAroundMains(request, mains, solve);
}

async function askGemini(
  request: PlanRequest,
  options: Required<Omit<GeminiOptions, 'fallback' | 'log'>>,
) {
  const response = await fetch(
    `${options.baseUrl}/models/${encodeURIComponent(options.model)}:generateContent`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'x-goog-api-key': options.apiKey },
      body: JSON.stringify({
        contents: [{ role: 'user', parts: [{ text: prompt(request) }] }],
        generationConfig: {
          responseMimeType: 'application/json',
          responseSchema: PLAN_RESPONSE_SCHEMA,
          temperature: 0.7,
        },
      }),
      signal: AbortSignal.timeout(options.timeoutMs),
    },
  );
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const body = generateContentResponseSchema.parse(await response.json());
  return JSON.parse(body.candidates[0].content.parts.map((part) => part.text).join('')) as unknown;
}

/**
 * Plans with Gemini's structured output, trusting nothing it says until checked; the built-in planner
 * answers instead on any failure, on timeout, and for partial re-plans (which must fit around proofs).
 */
export function geminiMealPlanner({
  apiKey,
  model = DEFAULT_GEMINI_MODEL,
  baseUrl = DEFAULT_BASE_URL,
  timeoutMs = DEFAULT_TIMEOUT_MS,
  fallback = builtInPlanner,
  log = (message) => console.warn(message),
}: GeminiOptions): MealPlanProvider {
  return async (request) => {
    if (request.fixedMeals?.length) return fallback(request);
    try {
      const answer = await askGemini(request, { apiKey, model, baseUrl, timeoutMs });
      return checkedPlan(answer, request, await loadLpSolver());
    } catch (error) {
      log(
        `Gemini plan rejected, using the built-in planner: ${error instanceof Error ? error.message : String(error)}`,
      );
      return fallback(request);
    }
  };
}

/** Gemini when GEMINI_API_KEY is set (GEMINI_MODEL, GEMINI_BASE_URL optional), else the built-in planner. */
export function mealPlannerFromEnvironment(env: NodeJS.ProcessEnv = process.env): MealPlanProvider {
  if (!env.GEMINI_API_KEY) return builtInPlanner;
  return geminiMealPlanner({
    apiKey: env.GEMINI_API_KEY,
    model: env.GEMINI_MODEL,
    baseUrl: env.GEMINI_BASE_URL,
  });
}
