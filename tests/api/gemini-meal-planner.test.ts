import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChallengeRecord } from '../../src/domain/challenge-record';
import { MEAL_SLOTS } from '../../src/domain/constants';
import { findDishByName } from '../../src/domain/dish-catalogue';
import type { MealPlan, PlanRequest } from '../../src/domain/meal-planner';
import { mealCalorieTargets, nutritionTargets } from '../../src/domain/nutrition-targets';
import {
  geminiMealPlanner,
  mealPlannerFromEnvironment,
} from '../../functions/src/gemini-meal-planner';
import { builtInPlanner } from '../../functions/src/meal-plan-provider';
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

/** A plausible plan: each meal at its slot's calories with 32% of them from protein. */
function modelPlan(
  request: PlanRequest,
  rename: (day: number, slot: string) => string = (day, slot) =>
    `Sprouted moong ${slot} bowl ${day}`,
) {
  const perSlot = mealCalorieTargets(request.targets.calories);
  return {
    days: Array.from({ length: request.days }, (_, index) =>
      Object.fromEntries(
        MEAL_SLOTS.map((slot) => {
          const calories = perSlot[slot];
          const protein = Math.round((calories * 0.32) / 4);
          const fat = Math.round((calories * 0.25) / 9);
          const carbs = Math.round((calories - protein * 4 - fat * 9) / 4);
          return [
            slot,
            {
              name: rename(index + 1, slot),
              calories,
              protein,
              carbs,
              fat,
              details: 'One large bowl.',
            },
          ];
        }),
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
  plan.every((day) => MEAL_SLOTS.every((slot) => day[slot] && findDishByName(day[slot]!.name)));

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

    expect(logs).toEqual([]);
    expect(plan[0].breakfast!.name).toBe('Sprouted moong breakfast bowl 1');
    expect(plan[1].dinner!.img).toBe('/meals/generic-dinner.svg');
    const perSlot = mealCalorieTargets(request.targets.calories);
    for (const day of plan) {
      expect(MEAL_SLOTS.map((slot) => day[slot]!.calories)).toEqual(
        MEAL_SLOTS.map((slot) => perSlot[slot]),
      );
      expect(MEAL_SLOTS.reduce((sum, slot) => sum + day[slot]!.protein, 0)).toBeGreaterThanOrEqual(
        request.targets.protein,
      );
    }
  });

  const lowProtein = () => {
    const plan = modelPlan(request);
    for (const day of plan.days)
      for (const meal of Object.values(day))
        Object.assign(meal, { protein: 2, carbs: meal.carbs + meal.protein - 2 });
    return JSON.stringify(plan);
  };

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
          JSON.stringify(modelPlan(request, (day, slot) => `Paneer ${slot} ${day}`)),
        ),
    ],
    [
      'a repeated dish',
      (response: ServerResponse) =>
        replyWithText(response, JSON.stringify(modelPlan(request, () => 'Tofu bowl'))),
    ],
    ['too little protein', (response: ServerResponse) => replyWithText(response, lowProtein())],
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
    const started = Date.now();
    const plan = await provider(request);
    expect(Date.now() - started).toBeLessThan(1_400);
    expect(isCatalogueBuilt(plan)).toBe(true);
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
    expect(stored.meals.Day3.dinner).toMatchObject({
      name: 'Sprouted moong dinner bowl 3',
      status: 'Pending',
      img: '/meals/generic-dinner.svg',
    });
    expect(stored.meals.Day3.dinner!.opensAt).toBeLessThan(stored.meals.Day3.dinner!.closesAt);
  });
});
