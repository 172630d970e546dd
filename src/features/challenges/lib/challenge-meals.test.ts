import type { MealRecord } from '@domain/challenges/challenge-record';
import { dayPlans, proofPhotos } from './challenge-meals';

const meal = (name: string, overrides: Partial<MealRecord> = {}): MealRecord => ({
  name,
  calories: 400,
  protein: 20,
  carbs: 50,
  fat: 10,
  details: '',
  img: `/dishes/${name}.webp`,
  status: 'Pending',
  opensAt: 0,
  closesAt: 1,
  ...overrides,
});

describe('proofPhotos (the gallery)', () => {
  it('comes from the meal records, never from a folder listing: only proved meals of the plan', () => {
    const proved = (day: number, slot: string) =>
      meal(`m${day}${slot}`, {
        status: 'Done',
        img: `https://example.test/Day${day}-${slot}.jpg`,
        imgPath: `Challenge/u/c/Day${day}-${slot}.jpg`,
      });
    const plans = dayPlans({
      day: 2,
      meals: {
        Day1: { breakfast: proved(1, 'breakfast'), lunch: meal('a'), dinner: proved(1, 'dinner') },
        Day2: { breakfast: meal('b'), lunch: proved(2, 'lunch'), dinner: meal('c') },
        // A day beyond the plan's length is never shown.
        Day3: { breakfast: proved(3, 'breakfast') },
      },
    });
    expect(proofPhotos(plans).map(({ dayNumber, slot }) => `Day${dayNumber}-${slot}`)).toEqual([
      'Day1-breakfast',
      'Day1-dinner',
      'Day2-lunch',
    ]);
  });
});
