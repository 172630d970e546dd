import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { PROOF_REPORT_REASON_LABELS } from '@domain/challenges/group-records';
import {
  PROOF_REJECTION_REASON_MAX_LENGTH,
  type ProofFlagReason,
  type ProofQueueRow,
} from '@domain/challenges/proof-review';
import { useProofPhoto, type ProofPhotoKind } from '../api/proof-photos';
import { approveProof, rejectProof, useFlaggedProofs } from '../api/proof-review';
import { useAdminAction } from '../hooks/use-admin-action';
import { formatDateTime } from '@/lib/format';
import { PageControls } from './page-controls';

interface ProofReviewQueueProps {
  refresh: unknown;
  onChanged: () => void;
}

/**
 * Flagged proofs waiting for an admin (docs/product.md, "Proofs under review"): each with the
 * earlier photo it matches side by side, the meal, the member and why it was flagged; Approve
 * releases its points, Reject (with a reason the member reads) keeps them withheld.
 */
export function ProofReviewQueue({ refresh, onChanged }: ProofReviewQueueProps) {
  // The keys each page started before: the last one is the page on screen.
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  const before = cursors[cursors.length - 1];
  const page = useFlaggedProofs(before, refresh);
  const run = useAdminAction(onChanged);
  return (
    <section className="mb-4" aria-labelledby="flagged-proofs-title">
      <h2 id="flagged-proofs-title" className="h5">
        Flagged proofs
      </h2>
      {page.status === 'loading' && <p className="text-body-secondary">Loading flagged proofs…</p>}
      {page.status === 'error' && (
        <p className="text-danger">The flagged proofs could not be loaded: {page.error.message}</p>
      )}
      {page.status === 'ready' && page.value.proofs.length === 0 && (
        <p>No proofs are waiting for review.</p>
      )}
      {page.status === 'ready' && page.value.proofs.length > 0 && (
        <ul className="list-unstyled d-grid gap-3 mb-2">
          {page.value.proofs.map((proof) => (
            <li key={proof.key}>
              <FlaggedProof
                proof={proof}
                onApprove={() =>
                  void run(() => approveProof(proof.key), 'The proof is approved: its points count')
                }
                onReject={(reason) =>
                  void run(() => rejectProof(proof.key, reason), 'The proof is rejected')
                }
              />
            </li>
          ))}
        </ul>
      )}
      <PageControls
        subject="flagged proofs"
        pageNumber={cursors.length}
        hasPrevious={cursors.length > 1}
        hasNext={page.status === 'ready' && Boolean(page.value.next)}
        onPrevious={() => setCursors((stack) => stack.slice(0, -1))}
        onNext={() =>
          setCursors((stack) => (page.value?.next ? [...stack, page.value.next] : stack))
        }
      />
    </section>
  );
}

const REASON_LABELS: Record<ProofFlagReason, string> = {
  duplicate: 'Looks like an earlier proof',
  'capture-time': 'Taken far from the meal’s window',
  reported: 'Reported by members of its group',
  plain: 'Almost one colour',
  small: 'Far smaller than a camera photo',
};

function FlaggedProof({
  proof,
  onApprove,
  onReject,
}: {
  proof: ProofQueueRow;
  onApprove: () => void;
  onReject: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const member = proof.displayName || proof.uid;
  const meal = `Day ${proof.day} ${proof.slot}`;
  const reasonId = `reject-reason-${proof.key}`;
  return (
    <Card as="article" className="shadow-sm" aria-label={`Flagged proof: ${member}, ${meal}`}>
      <Card.Body className="small">
        <div className="row g-2 mb-2">
          <figure className="col-6 mb-0">
            <ProofPhotoImage
              proofKey={proof.key}
              kind="flagged"
              alt={`Flagged proof of ${meal} by ${member}`}
            />
            <figcaption>
              Flagged: {member}, {meal}
              {proof.mealName && ` (${proof.mealName})`}
            </figcaption>
          </figure>
          {proof.match && (
            <figure className="col-6 mb-0">
              <ProofPhotoImage
                proofKey={proof.key}
                kind="earlier"
                alt={`Earlier proof of Day ${proof.match.day} ${proof.match.slot} by ${proof.matchDisplayName || proof.match.uid}`}
              />
              <figcaption>
                Earlier: {proof.matchDisplayName || proof.match.uid}, Day {proof.match.day}{' '}
                {proof.match.slot}
              </figcaption>
            </figure>
          )}
        </div>
        <ul className="mb-2">
          {proof.reasons.map((flag) => (
            <li key={flag}>
              {REASON_LABELS[flag]}
              {flag === 'capture-time' && proof.capturedAt !== undefined && (
                <>
                  : taken {formatDateTime(proof.capturedAt)}, window {formatDateTime(proof.opensAt)}{' '}
                  to {formatDateTime(proof.closesAt)}
                </>
              )}
              {flag === 'reported' && proof.reports && (
                <>
                  :{' '}
                  {proof.reports
                    .map((report) => PROOF_REPORT_REASON_LABELS[report.reason])
                    .join(', ')}
                </>
              )}
            </li>
          ))}
        </ul>
        <p className="text-body-secondary mb-2">Flagged {formatDateTime(proof.at)}</p>
        <Form
          className="d-flex flex-wrap gap-2 align-items-end"
          onSubmit={(event) => {
            event.preventDefault();
            if (reason.trim()) onReject(reason.trim());
          }}
        >
          <Button size="sm" variant="success" onClick={onApprove}>
            Approve
          </Button>
          <Form.Group controlId={reasonId} className="flex-grow-1">
            <Form.Label className="mb-0">Reason for rejecting (the member reads it)</Form.Label>
            <Form.Control
              size="sm"
              value={reason}
              maxLength={PROOF_REJECTION_REASON_MAX_LENGTH}
              required
              onChange={(event) => setReason(event.target.value)}
            />
          </Form.Group>
          <Button size="sm" variant="danger" type="submit" disabled={!reason.trim()}>
            Reject
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}

const GONE: Record<ProofPhotoKind, string> = {
  flagged: 'The photo is gone.',
  earlier: 'The earlier photo is gone.',
};

/**
 * A photo of a flagged proof, streamed by the API to admins only (docs/security.md, "Admins"): admins do not
 * read proofs from Storage, so a revoked admin sees none.
 */
function ProofPhotoImage({
  proofKey,
  kind,
  alt,
}: {
  proofKey: string;
  kind: ProofPhotoKind;
  alt: string;
}) {
  const photo = useProofPhoto(proofKey, kind);
  if (photo.status === 'ready')
    return <img src={photo.url} alt={alt} className="img-fluid rounded" />;
  if (photo.status === 'gone') return <p className="text-body-secondary">{GONE[kind]}</p>;
  if (photo.status === 'error')
    return <p className="text-danger">The photo could not be loaded: {photo.error.message}</p>;
  return <p className="text-body-secondary">Loading the photo…</p>;
}
