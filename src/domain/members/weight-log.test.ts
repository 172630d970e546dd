import { describe, expect, it } from 'vitest';
import {
  newWeightSchema,
  weightBodySchema,
  WEIGHT_NOT_A_NUMBER_MESSAGE,
  WEIGHT_OUT_OF_RANGE_MESSAGE,
} from '@domain/members/weight-log';

const issue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0].message;

describe('weight entries', () => {
  it('accepts 20–400 kg, rounded to 0.1 kg', () => {
    expect(weightBodySchema.parse({ kg: 20 })).toEqual({ kg: 20 });
    expect(weightBodySchema.parse({ kg: 400 })).toEqual({ kg: 400 });
    expect(weightBodySchema.parse({ kg: 72.349 })).toEqual({ kg: 72.3 });
  });

  it('refuses 0, 1,000, text and unknown fields with a message that says why', () => {
    expect(issue(weightBodySchema.safeParse({ kg: 0 }))).toBe(WEIGHT_OUT_OF_RANGE_MESSAGE);
    expect(issue(weightBodySchema.safeParse({ kg: 19.9 }))).toBe(WEIGHT_OUT_OF_RANGE_MESSAGE);
    expect(issue(weightBodySchema.safeParse({ kg: 1000 }))).toBe(WEIGHT_OUT_OF_RANGE_MESSAGE);
    expect(issue(weightBodySchema.safeParse({ kg: '72' }))).toBe(WEIGHT_NOT_A_NUMBER_MESSAGE);
    expect(weightBodySchema.safeParse({ kg: 72, note: 'x' }).success).toBe(false);
    expect(newWeightSchema.safeParse({ kg: 72, date: '2026-02-30' }).success).toBe(false);
  });
});
