import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import ProgressBar from 'react-bootstrap/ProgressBar';
import Spinner from 'react-bootstrap/Spinner';
import { UploadLeaveGuard } from '@/components/upload-leave-guard';
import { useOnline } from '@/lib/connectivity';
import type { ProofUploadPhase } from '../hooks/use-proof-upload';
import type { useProofUpload } from '../hooks/use-proof-upload';

type Controls = Pick<
  ReturnType<typeof useProofUpload>,
  'pause' | 'resume' | 'cancel' | 'retry' | 'dismiss'
>;

interface ProofUploadStatusProps {
  phase: Exclude<ProofUploadPhase, { kind: 'idle' } | { kind: 'recorded' }>;
  controls: Controls;
  /** Names the meal for assistive tech, e.g. "Day 1 breakfast". */
  mealLabel: string;
}

/**
 * A running proof upload, wherever it was started (the meal card's picker, the "Snap your …" button): preparing,
 * progress with pause, resume and cancel, saving, or why it failed with a retry; leaving the page asks first.
 */
export function ProofUploadStatus({ phase, controls, mealLabel }: ProofUploadStatusProps) {
  const online = useOnline();
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
            <Button size="sm" variant="success" onClick={controls.retry}>
              Retry upload
            </Button>
          )}
          <Button size="sm" variant="outline-secondary" onClick={controls.dismiss}>
            Choose another photo
          </Button>
        </div>
      </Alert>
    );
  }

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
          <Button size="sm" variant="outline-success" onClick={controls.resume}>
            Resume
          </Button>
        ) : (
          <Button size="sm" variant="outline-secondary" onClick={controls.pause}>
            Pause
          </Button>
        )}
        <Button size="sm" variant="outline-danger" onClick={controls.cancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
