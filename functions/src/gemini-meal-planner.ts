import { z } from 'zod';
import { MEAL_SLOTS, type MealSlot, type Preference } from '../../src/domain/constants';
import { GENERIC_MEAL_IMAGES } from '../../src/domain/dish-catalogue';
import type { MealPlan, PlannedDay, PlanRequest } from '../../src/domain/meal-planner';
import { mealCalorieTargets } from '../../src/domain/nutrition-targets';
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

const mealSchema = z.object({
  name: z.string().trim().min(2).max(100),
  calories: z.number().positive().max(5_000),
  protein: z.number().nonnegative().max(500),
  carbs: z.number().nonnegative().max(800),
  fat: z.number().nonnegative().max(300),
  details: z.string().trim().max(500),
});
type LlmMeal = z.infer<typeof mealSchema>;
const llmPlanSchema = z.object({
  days: z
    .array(z.object({ breakfast: mealSchema, lunch: mealSchema, dinner: mealSchema }))
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
const MEAL_RESPONSE_SCHEMA = {
  type: 'OBJECT',
  properties: {
    name: { type: 'STRING' },
    calories: { type: 'NUMBER' },
    protein: { type: 'NUMBER' },
    carbs: { type: 'NUMBER' },
    fat: { type: 'NUMBER' },
    details: { type: 'STRING' },
  },
  required: ['name', 'calories', 'protein', 'carbs', 'fat', 'details'],
};
const PLAN_RESPONSE_SCHEMA = {
  type: 'OBJECT',
  properties: {
    days: {
      type: 'ARRAY',
      items: {
        type: 'OBJECT',
        properties: {
          breakfast: MEAL_RESPONSE_SCHEMA,
          lunch: MEAL_RESPONSE_SCHEMA,
          dinner: MEAL_RESPONSE_SCHEMA,
        },
        required: ['breakfast', 'lunch', 'dinner'],
      },
    },
  },
  required: ['days'],
};

const DIET_RULES: Record<Preference, string> = {
  vegan:
    'vegan: no meat, fish, seafood, egg, dairy (milk, curd, yogurt, paneer, ghee, butter, cream, cheese, whey) or honey',
  veg: 'Indian vegetarian: no meat, fish, seafood or egg; dairy and honey are fine',
  nonveg: 'non-vegetarian: anything',
};

/** Words that betray a dish outside the diet; the model's own claim is not trusted. */
const FORBIDDEN_WORDS: Record<Preference, RegExp | undefined> = {
  vegan:
    /\b(chicken|mutton|lamb|beef|pork|meat|keema|fish|prawns?|shrimps?|salmon|tuna|crab|eggs?|omelette|paneer|ghee|butter|curd|yogh?urt|raita|lassi|cheese|cream|whey|honey|milk)\b/i,
  veg: /\b(chicken|mutton|lamb|beef|pork|meat|keema|fish|prawns?|shrimps?|salmon|tuna|crab|eggs?|omelette)\b/i,
  nonveg: undefined,
};
const PLANT_MILK =
  /\b(soy|almond|oat|coconut|rice|cashew|peanut)[\s-]+(milk|curd|yogh?urt|butter|cream|cheese)\b/gi;

function prompt({ targets, days, preference }: PlanRequest): string {
  const perSlot = mealCalorieTargets(targets.calories);
  return [
    `Plan ${days} day(s) of breakfast, lunch and dinner for an Indian member.`,
    `Diet: ${DIET_RULES[preference]}.`,
    `Every day: ${targets.calories} kcal (breakfast ${perSlot.breakfast}, lunch ${perSlot.lunch}, dinner ${perSlot.dinner}),`,
    `at least ${targets.protein} g protein, about ${targets.carbs} g carbs and ${targets.fat} g fat.`,
    'Never repeat a dish. Give each meal a short name, its calories, protein, carbs and fat for the portion,',
    'and one sentence of details with the portion size. Answer with JSON only.',
  ].join(' ');
}

function violatesDiet(meal: LlmMeal, preference: Preference): boolean {
  const forbidden = FORBIDDEN_WORDS[preference];
  return (
    forbidden !== undefined &&
    forbidden.test(`${meal.name} ${meal.details}`.replace(PLANT_MILK, ''))
  );
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * Checks a model's plan against the request and brings each meal to its slot's calorie share (as the
 * built-in planner does); throws with the reason when the plan cannot be trusted.
 */
export function checkedPlan(candidate: unknown, request: PlanRequest): MealPlan {
  const { days } = llmPlanSchema.parse(candidate);
  if (days.length !== request.days)
    throw new Error(`expected ${request.days} days, got ${days.length}`);
  const perSlot = mealCalorieTargets(request.targets.calories);
  const names = new Set<string>();
  return days.map((day, index) => {
    const planned = {} as PlannedDay;
    let protein = 0;
    for (const slot of MEAL_SLOTS) {
      const meal = day[slot];
      const key = meal.name.toLowerCase();
      if (names.has(key)) throw new Error(`${meal.name} repeats`);
      names.add(key);
      if (violatesDiet(meal, request.preference))
        throw new Error(`${meal.name} breaks the ${request.preference} diet`);
      const macroCalories = meal.protein * 4 + meal.carbs * 4 + meal.fat * 9;
      if (Math.abs(macroCalories - meal.calories) > meal.calories * 0.15)
        throw new Error(`${meal.name}: macros do not add up`);
      const scale = perSlot[slot] / meal.calories;
      if (scale < 0.67 || scale > 1.5)
        throw new Error(`${meal.name}: ${meal.calories} kcal is far from ${perSlot[slot]}`);
      planned[slot] = {
        name: meal.name,
        calories: perSlot[slot],
        protein: round1(meal.protein * scale),
        carbs: round1(meal.carbs * scale),
        fat: round1(meal.fat * scale),
        details: meal.details,
        img: GENERIC_MEAL_IMAGES[slot as MealSlot].image,
      };
      protein += planned[slot].protein;
    }
    if (protein < request.targets.protein)
      throw new Error(`day ${index + 1} has ${protein} g protein`);
    return planned;
  });
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
      return checkedPlan(await askGemini(request, { apiKey, model, baseUrl, timeoutMs }), request);
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
