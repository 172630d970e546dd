import type { MealSlot } from '@domain/constants';
import { useBusy } from '@/hooks/use-busy';
import { toastError, toastSuccess } from '@/lib/toast';
import { ApiError } from '@/services/api-client';
import type { ChallengeRef } from '@domain/challenges/challenge-record';
import { swapMeal } from '../api/swap-meal';

interface MealSwapButtonProps {
  challenge: Pick<ChallengeRef, 'challengeId'>;
  dayNumber: number;
  slot: MealSlot;
  mealLabel: string;
}

/** Swaps one meal not yet proved for another dish of the diet; the plan on screen updates live. */
export function MealSwapButton({ challenge, dayNumber, slot, mealLabel }: MealSwapButtonProps) {
  const { whileBusy } = useBusy();
  const swap = async () => {
    try {
      const { name } = await whileBusy(swapMeal(challenge, dayNumber, slot));
      toastSuccess(`Swapped for ${name}`);
    } catch (error) {
      toastError(error instanceof ApiError ? error.message : 'Error swapping meal');
    }
  };
  return (
    <button
      type="button"
      className="btn btn-link btn-sm p-0 mt-1"
      aria-label={`Swap ${mealLabel}`}
      onClick={() => void swap()}
    >
      {/* The visible words start the accessible name (WCAG 2.5.3: a voice command "Swap" finds it). */}
      Swap
    </button>
  );
}
