import { useId, type ChangeEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ProgressBar from 'react-bootstrap/ProgressBar';
import Spinner from 'react-bootstrap/Spinner';
import type { MealSlot } from '@domain/constants';
import type { ChallengeRef } from '@domain/challenges/challenge-record';
import { UploadLeaveGuard } from '@/components/upload-leave-guard';
import { useOnline } from '@/lib/connectivity';
import { useProofUpload } from '../hooks/use-proof-upload';

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
  const online = useOnline();
  const hintId = `${inputId}-hint`;
  const { phase, start, pause, resume, cancel, retry, dismiss } = useProofUpload({
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

  if (phase.kind === 'compressing' || phase.kind === 'saving') {
    return (
      <div role="status" className="small text-body-secondary d-flex align-items-center gap-2">
        <UploadLeaveGuard />
        <Spinner animation="border" size="sm" aria-hidden="true" />
        {phase.kind === 'compressing' ? 'Preparing photo…' : 'Saving…'}
      </div>
    );
  }

  if (phase.kind === 'failed') {
    return (
      <Alert variant="danger" className="small mb-0 p-2">
        <p className="mb-2">
          <strong>{phase.refused ? 'Photo refused.' : 'Error uploading image.'}</strong>{' '}
          {phase.reason}
        </p>
        <div className="d-flex flex-wrap gap-2">
          {phase.retryable && (
            <Button size="sm" variant="success" onClick={retry}>
              Retry upload
            </Button>
          )}
          <Button size="sm" variant="outline-secondary" onClick={dismiss}>
            Choose another photo
          </Button>
        </div>
      </Alert>
    );
  }

  if (phase.kind === 'uploading') {
    return (
      <div className="proof-upload-progress">
        <UploadLeaveGuard />
        {/* The nested bar carries role=progressbar, so it is the one that gets the name. */}
        <ProgressBar className="mb-2">
          <ProgressBar
            now={phase.percent}
            label={`${phase.percent}%${phase.paused ? ' (paused)' : ''}`}
            variant={phase.paused ? 'secondary' : 'success'}
            aria-label={`Upload of ${mealLabel} proof`}
          />
        </ProgressBar>
        {!online && (
          <p className="small text-warning-emphasis mb-2" role="status">
            You are offline. The upload resumes when the connection is back; if that takes long, it
            stops and you can retry.
          </p>
        )}
        <div
          className="d-flex flex-wrap gap-2"
          role="group"
          aria-label={`Upload of ${mealLabel} proof`}
        >
          {phase.paused ? (
            <Button size="sm" variant="outline-success" onClick={resume}>
              Resume
            </Button>
          ) : (
            <Button size="sm" variant="outline-secondary" onClick={pause}>
              Pause
            </Button>
          )}
          <Button size="sm" variant="outline-danger" onClick={cancel}>
            Cancel
          </Button>
        </div>
      </div>
    );
  }

  return (
    <Form.Group controlId={inputId}>
      <Form.Label visuallyHidden>Proof photo for {mealLabel}</Form.Label>
      <Form.Control
        type="file"
        size="sm"
        // No `capture`: it forces the camera; `image/*` lets phones offer the gallery and the camera.
        accept="image/*"
        disabled={!enabled}
        aria-describedby={hint ? hintId : undefined}
        onChange={onChoose}
      />
      {hint && (
        <Form.Text id={hintId} className="d-block">
          {hint}
        </Form.Text>
      )}
    </Form.Group>
  );
}
