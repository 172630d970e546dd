import { useId, useRef, type ChangeEvent } from 'react';
import { POINTS, type MealSlot } from '@domain/constants';
import type { ChallengeRef } from '@domain/challenges/challenge-record';
import { useProofUpload } from '../hooks/use-proof-upload';
import { MealDoneNote } from './meal-done-note';
import { ProofUploadStatus } from './proof-upload-status';

interface MealSnapButtonProps {
  challenge: Pick<ChallengeRef, 'ownerId' | 'challengeId'>;
  dayNumber: number;
  slot: MealSlot;
  /** Which photo of the meal this is: 1, or the next after a rejection. */
  attempt?: number;
  className?: string;
}

/**
 * "Snap your lunch": one large button over a visually hidden file input that asks for the camera first (phones
 * still offer the gallery), then the proof's progress in place and, once recorded, Done with the points
 * (docs/product.md, "Today"). The upload is the meal card's (use-proof-upload.ts).
 */
export function MealSnapButton({
  challenge,
  dayNumber,
  slot,
  attempt,
  className = '',
}: MealSnapButtonProps) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const { phase, start, ...controls } = useProofUpload({ challenge, dayNumber, slot, attempt });
  const mealLabel = `Day ${dayNumber} ${slot}`;

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) void start(file);
  };

  if (phase.kind === 'recorded')
    return (
      <MealDoneNote
        className={className}
        points={phase.flagged ? 0 : POINTS.mealInWindow}
        flagged={phase.flagged}
      />
    );
  if (phase.kind !== 'idle')
    return (
      <div className={className}>
        <ProofUploadStatus phase={phase} controls={controls} mealLabel={mealLabel} />
      </div>
    );
  return (
    <div className={className}>
      <label htmlFor={inputId} className="visually-hidden">
        Photo of your {slot}
      </label>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept="image/*"
        // The camera first: this button is for the meal in front of the member (the card's picker has no capture).
        capture="environment"
        className="visually-hidden"
        tabIndex={-1}
        onChange={onChoose}
      />
      <button
        type="button"
        className="btn btn-success btn-lg w-100 snap-button"
        onClick={() => input.current?.click()}
      >
        Snap your {slot}
      </button>
    </div>
  );
}
