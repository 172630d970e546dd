import { z } from '@domain/zod';
import { isCalendarDate } from '@domain/calendar-dates';

/** users/{uid}/weights/{YYYY-MM-DD}: one entry a day, written by the API only (docs/product.md, "Weight log"). */
export interface WeightEntry {
  kg: number;
  /** Server time of the last write. */
  at: number;
}

export const WEIGHT_LOG_KG = { min: 20, max: 400 } as const;
export const WEIGHT_OUT_OF_RANGE_MESSAGE = `Weight must be between ${WEIGHT_LOG_KG.min} and ${WEIGHT_LOG_KG.max} kg`;
export const WEIGHT_NOT_A_NUMBER_MESSAGE = 'Weight must be a number of kilograms';

/** The body of a new or edited entry: kilograms, to 0.1 kg. */
export const weightBodySchema = z.strictObject({
  kg: z
    .number({ error: WEIGHT_NOT_A_NUMBER_MESSAGE })
    .min(WEIGHT_LOG_KG.min, WEIGHT_OUT_OF_RANGE_MESSAGE)
    .max(WEIGHT_LOG_KG.max, WEIGHT_OUT_OF_RANGE_MESSAGE)
    .transform((kg) => Math.round(kg * 10) / 10),
});

const calendarDateSchema = z
  .string()
  .refine(isCalendarDate, 'Date must be a calendar date (YYYY-MM-DD)');

export const newWeightSchema = weightBodySchema.extend({ date: calendarDateSchema });

/** The Log weight form, as typed: the number arrives as text. */
export const weightFormSchema = z.object({
  date: calendarDateSchema,
  kg: z
    .string()
    .trim()
    .min(1, 'Enter your weight in kg')
    .pipe(
      z.coerce
        .number<string>({ error: WEIGHT_NOT_A_NUMBER_MESSAGE })
        .min(WEIGHT_LOG_KG.min, WEIGHT_OUT_OF_RANGE_MESSAGE)
        .max(WEIGHT_LOG_KG.max, WEIGHT_OUT_OF_RANGE_MESSAGE),
    ),
});
export type WeightForm = z.input<typeof weightFormSchema>;
