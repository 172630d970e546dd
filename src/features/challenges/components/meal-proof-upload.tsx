import { useId, type ChangeEvent } from 'react';
import type { MealSlot } from '@domain/constants';
import type { ChallengeRef } from '@domain/challenges/challenge-record';
import { useProofUpload } from '../hooks/use-proof-upload';
import { ProofUploadStatus } from './proof-upload-status';

interface MealProofUploadProps {
  challenge: Pick<ChallengeRef, 'ownerId' | 'challengeId'>;
  dayNumber: number;
  slot: MealSlot;
  /** Which photo of the meal this is: 1, or the next after a rejection (storagePaths.mealProof). */
  attempt?: number;
  /** False for Pending, Expired and Done meals (docs/product.md#states-and-transitions). */
  enabled: boolean;
  /** Names the meal for assistive tech, e.g. "Day 1 breakfast". */
  mealLabel: string;
  /** Why the input is disabled, shown under it. */
  hint?: string;
}

/**
 * A proof photo for one meal: from the gallery or the camera, compressed, uploaded with progress, pause, resume,
 * cancel; a failure says why and offers a retry; leaving the page mid-upload asks first.
 */
export function MealProofUpload({
  challenge,
  dayNumber,
  slot,
  attempt = 1,
  enabled,
  mealLabel,
  hint,
}: MealProofUploadProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const { phase, start, ...controls } = useProofUpload({
    challenge,
    dayNumber,
    slot,
    attempt,
  });

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) void start(file);
  };

  if (phase.kind !== 'idle' && phase.kind !== 'recorded')
    return <ProofUploadStatus phase={phase} controls={controls} mealLabel={mealLabel} />;

  return (
    <div>
      <label htmlFor={inputId} className="visually-hidden">
        Proof photo for {mealLabel}
      </label>
      <input
        id={inputId}
        type="file"
        className="form-control form-control-sm"
        // No `capture`: it forces the camera; `image/*` lets phones offer the gallery and the camera.
        accept="image/*"
        disabled={!enabled}
        aria-describedby={hint ? hintId : undefined}
        onChange={onChoose}
      />
      {hint && (
        <small id={hintId} className="form-text d-block">
          {hint}
        </small>
      )}
    </div>
  );
}
