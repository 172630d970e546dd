import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChallengeRecord } from '@domain/challenges/challenge-record';
import { MEAL_SLOTS } from '@domain/constants';
import {
  DISH_CATALOGUE,
  dishFitsPreference,
  findDishById,
  findDishByName,
} from '../../functions/src/planner/dish-catalogue';
import type { MealPlan, PlanRequest } from '../../functions/src/planner/meal-planner';
import { nutritionTargets } from '@domain/nutrition/nutrition-targets';
import {
  geminiMealPlanner,
  mealPlannerFromEnvironment,
} from '../../functions/src/planner/gemini-meal-planner';
import { builtInPlanner } from '../../functions/src/planner/meal-plan-provider';
import {
  COMPLETE_PROFILE,
  generatePayload,
  postJson,
  readyMember,
  startApiHarness,
  type ApiHarness,
} from './api-harness';

interface RecordedRequest {
  url: string;
  apiKey: string | undefined;
  body: {
    contents: Array<{ parts: Array<{ text: string }> }>;
    generationConfig: Record<string, unknown>;
  };
}

/** A local stand-in for generativelanguage.googleapis.com's models/{model}:generateContent. */
let fake: Server;
let fakeUrl: string;
let requests: RecordedRequest[];
let answer: (request: RecordedRequest, response: ServerResponse) => void;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => resolve(text));
  });
}

/** The shape the API answers with: the model's JSON text inside candidates[0].content.parts. */
function replyWithText(response: ServerResponse, text: string) {
  response.setHeader('Content-Type', 'application/json');
  response.end(
    JSON.stringify({
      candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP' }],
    }),
  );
}

/** A plausible answer: for each meal the id of a catalogue dish of the diet, none twice, densest first. */
function modelPlan(request: PlanRequest, rename?: (day: number, slot: string) => string) {
  const served = new Set<string>();
  const choose = (slot: string) => {
    const dish = DISH_CATALOGUE.filter(
      (candidate) =>
        candidate.course === 'main' &&
        candidate.slots.includes(slot as (typeof MEAL_SLOTS)[number]) &&
        dishFitsPreference(candidate, request.preference) &&
        !served.has(candidate.id),
    ).sort((a, b) => b.protein / b.kcal - a.protein / a.kcal)[0];
    served.add(dish.id);
    return dish.id;
  };
  return {
    days: Array.from({ length: request.days }, (_, index) =>
      Object.fromEntries(
        MEAL_SLOTS.map((slot) => [slot, rename ? rename(index + 1, slot) : choose(slot)]),
      ),
    ),
  };
}

beforeAll(async () => {
  fake = createServer(async (request, response) => {
    const recorded: RecordedRequest = {
      url: request.url ?? '',
      apiKey: request.headers['x-goog-api-key'] as string | undefined,
      body: JSON.parse(await readBody(request)),
    };
    requests.push(recorded);
    answer(recorded, response);
  });
  fake.listen(0, '127.0.0.1');
  await new Promise((resolve) => fake.once('listening', resolve));
  fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1beta`;
});
afterAll(() => new Promise((resolve) => fake.close(resolve)));
beforeEach(() => {
  requests = [];
});

const request: PlanRequest = {
  targets: nutritionTargets({ height: 172, weight: 70, age: 31, sex: 'male' }, 'Lean'),
  days: 2,
  preference: 'vegan',
  seed: 'gemini-test',
};

const isCatalogueBuilt = (plan: MealPlan) =>
  plan.every((day) =>
    MEAL_SLOTS.every(
      (slot) => day[slot] && findDishByName(day[slot]!.name)?.id === day[slot]!.dishId,
    ),
  );

function planner(timeoutMs = 2_000) {
  const logs: string[] = [];
  const provider = geminiMealPlanner({
    apiKey: 'test-key',
    baseUrl: fakeUrl,
    timeoutMs,
    log: (line) => logs.push(line),
  });
  return { provider, logs };
}

describe('Gemini meal planner against a fake generative-language API', () => {
  it('sends a structured-output request and uses a plan that passes the checks', async () => {
    answer = (_recorded, response) => replyWithText(response, JSON.stringify(modelPlan(request)));
    const { provider, logs } = planner();
    const plan = await provider(request);

    expect(requests).toHaveLength(1);
    expect(requests[0].url).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
    expect(requests[0].apiKey).toBe('test-key');
    expect(requests[0].body.generationConfig).toMatchObject({
      responseMimeType: 'application/json',
    });
    expect(requests[0].body.generationConfig.responseSchema).toBeDefined();
    expect(requests[0].body.contents[0].parts[0].text).toContain(
      `${request.targets.calories} kcal`,
    );
    expect(requests[0].body.contents[0].parts[0].text).toContain('vegan');

    expect(requests[0].body.contents[0].parts[0].text).toContain('soya-bean-curry-rice');
    expect(requests[0].body.contents[0].parts[0].text).not.toContain('palak-paneer-rice');

    expect(logs).toEqual([]);
    const expected = modelPlan(request);
    expect(plan.map((day) => MEAL_SLOTS.map((slot) => day[slot]!.dishId))).toEqual(
      expected.days.map((day) => MEAL_SLOTS.map((slot) => day[slot])),
    );
    expect(plan[1].dinner!.img).toBe(findDishById(plan[1].dinner!.dishId)!.image);
    for (const day of plan) {
      const meals = MEAL_SLOTS.map((slot) => day[slot]!);
      const calories = meals.reduce((sum, meal) => sum + meal.calories, 0);
      expect(Math.abs(calories - request.targets.calories)).toBeLessThanOrEqual(
        request.targets.calories * 0.05,
      );
      expect(meals.reduce((sum, meal) => sum + meal.protein, 0)).toBeGreaterThanOrEqual(
        request.targets.protein,
      );
    }
  });

  it.each([
    [
      'an HTTP error',
      (response: ServerResponse) => (
        (response.statusCode = 500),
        response.end('{"error":{"code":500}}')
      ),
    ],
    [
      'a reply that is not the API shape',
      (response: ServerResponse) => response.end('{"unexpected":true}'),
    ],
    [
      'text that is not JSON',
      (response: ServerResponse) => replyWithText(response, 'Here is your plan: …'),
    ],
    [
      'the wrong number of days',
      (response: ServerResponse) =>
        replyWithText(response, JSON.stringify({ days: modelPlan(request).days.slice(0, 1) })),
    ],
    [
      'a dish outside the diet',
      (response: ServerResponse) =>
        replyWithText(
          response,
          JSON.stringify(
            modelPlan(request, (_day, slot) =>
              slot === 'breakfast' ? 'Paneer paratha with curd' : 'rajma-chawal',
            ),
          ),
        ),
    ],
    [
      'a repeated dish',
      (response: ServerResponse) =>
        replyWithText(response, JSON.stringify(modelPlan(request, () => 'Idli with sambar'))),
    ],
    [
      'a dish the catalogue does not have',
      (response: ServerResponse) =>
        replyWithText(
          response,
          JSON.stringify(modelPlan(request, (day, slot) => `Sprouted moong ${slot} bowl ${day}`)),
        ),
    ],
  ])('falls back to the built-in planner on %s', async (_case, reply) => {
    answer = (_recorded, response) => reply(response);
    const { provider, logs } = planner();
    const plan = await provider(request);
    expect(requests).toHaveLength(1);
    expect(isCatalogueBuilt(plan)).toBe(true);
    expect(plan).toEqual(await builtInPlanner(request));
    expect(logs).toHaveLength(1);
  });

  it('falls back when the API does not answer in time', async () => {
    answer = (_recorded, response) =>
      setTimeout(() => replyWithText(response, JSON.stringify(modelPlan(request))), 1_500);
    const { provider, logs } = planner(200);
    const plan = await provider(request);
    // Not a wall-clock limit (flaky under load): the late answer must not be the one used.
    expect(plan).toEqual(await builtInPlanner(request));
    expect(logs[0]).toMatch(/abort|timeout/i);
  });

  it('leaves partial re-plans to the built-in planner without calling the API', async () => {
    answer = (_recorded, response) => replyWithText(response, JSON.stringify(modelPlan(request)));
    const { provider } = planner();
    const fixedMeals = [
      { dayNumber: 1, slot: 'lunch' as const, name: 'Rajma chawal', protein: 30 },
    ];
    const plan = await provider({ ...request, fixedMeals });
    expect(requests).toHaveLength(0);
    expect(plan[0].lunch).toBeUndefined();
    expect(isCatalogueBuilt(plan.slice(1))).toBe(true);
  });

  it('is only used when GEMINI_API_KEY is set', () => {
    expect(mealPlannerFromEnvironment({})).toBe(builtInPlanner);
    expect(mealPlannerFromEnvironment({ GEMINI_API_KEY: 'k' })).not.toBe(builtInPlanner);
  });
});

describe('POST /api/generate with the Gemini provider', () => {
  let harness: ApiHarness;
  beforeAll(async () => {
    harness = await startApiHarness();
  });
  afterAll(() => harness?.close());

  it('stores the checked model plan with the schedule', async () => {
    const member = await readyMember(harness.database);
    const targets = nutritionTargets(COMPLETE_PROFILE.private, 'Lean');
    answer = (_recorded, response) =>
      replyWithText(
        response,
        JSON.stringify(modelPlan({ ...request, targets, days: 3, preference: 'veg' })),
      );
    const url = await harness.startApi({ planMeals: planner().provider });
    const response = await postJson(`${url}/api/generate`, generatePayload(member.uid), {
      token: member.idToken,
    });
    expect(response.status).toBe(201);
    const stored = (
      await harness.database
        .ref(`users/${member.uid}/challenges/${response.body.challengeId as string}`)
        .get()
    ).val() as ChallengeRecord;
    expect(stored.targets).toEqual(targets);
    const dinner = modelPlan({ ...request, targets, days: 3, preference: 'veg' }).days[2].dinner;
    expect(stored.meals.Day3.dinner).toMatchObject({
      dishId: dinner,
      name: findDishById(dinner)!.name,
      status: 'Pending',
      img: `/meals/${dinner}.svg`,
    });
    expect(stored.meals.Day3.dinner!.ingredients!.length).toBeGreaterThan(0);
    expect(stored.meals.Day3.dinner!.opensAt).toBeLessThan(stored.meals.Day3.dinner!.closesAt);
  });
});
