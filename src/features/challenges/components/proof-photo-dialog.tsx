import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import type { MealKey } from '@domain/challenges/meal-key';
import { mealKeyLabel } from '@domain/challenges/meal-key';
import { useAsync } from '@/hooks/use-loadable';
import { appImageSource } from '@/lib/safe-urls';
import { readProofPhoto } from '../api/group-proof-photo';
import { REPORTED_TEXT, ReportProofForm } from './report-proof-form';

/** The photo opened on the board: whose, and which meal. */
export interface OpenedPhoto {
  uid: string;
  name: string;
  meal: MealKey;
}

interface ProofPhotoDialogProps {
  challengeId: string;
  /** Null: closed. */
  photo: OpenedPhoto | null;
  onHide: () => void;
}

/**
 * Another member's proof photo, opened from their board row (docs/product.md, "What members see of each
 * other"): read on opening (one meal's URL), with "Report" under it. The board offers it for other members'
 * photos only, so a member never reports their own.
 */
export function ProofPhotoDialog({ challengeId, photo, onHide }: ProofPhotoDialogProps) {
  return (
    <Modal show={photo !== null} onHide={onHide} centered aria-labelledby="proof-photo-title">
      {photo && (
        // Keyed by the photo: another photo starts with no form and no earlier answer.
        <ProofPhotoBody
          key={`${photo.uid}/${photo.meal}`}
          challengeId={challengeId}
          photo={photo}
        />
      )}
    </Modal>
  );
}

function ProofPhotoBody({ challengeId, photo }: { challengeId: string; photo: OpenedPhoto }) {
  const { uid, name, meal } = photo;
  const label = `${name}'s ${mealKeyLabel(meal)}`;
  const url = useAsync(`${challengeId}/${uid}/${meal}`, () =>
    readProofPhoto(challengeId, uid, meal),
  );
  const source = url.status === 'ready' ? appImageSource(url.value) : null;
  const [reporting, setReporting] = useState(false);
  const [reported, setReported] = useState(false);
  return (
    <>
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id="proof-photo-title" className="h5">
          {label}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {url.status === 'loading' && (
          <div role="status" className="d-flex align-items-center gap-2 py-3">
            <Spinner animation="border" size="sm" aria-hidden="true" /> Loading the photo…
          </div>
        )}
        {url.status === 'error' && (
          <Alert variant="danger" className="mb-0">
            The photo could not be loaded. Check your connection and try again.
          </Alert>
        )}
        {url.status === 'ready' && !source && (
          <p className="mb-0">This photo is no longer on the board.</p>
        )}
        {source && (
          <img
            src={source}
            alt={`Proof photo of ${label}`}
            className="d-block w-100 rounded object-fit-contain"
            style={{ maxHeight: '60vh' }}
          />
        )}
        {reported && (
          <Alert variant="success" className="mt-3 mb-0" role="status">
            {REPORTED_TEXT}
          </Alert>
        )}
        {source && reporting && (
          <ReportProofForm
            challengeId={challengeId}
            uid={uid}
            meal={meal}
            onDone={(sent) => {
              setReporting(false);
              setReported(sent);
            }}
          />
        )}
        {source && !reporting && !reported && (
          <Button
            variant="outline-danger"
            size="sm"
            className="mt-3"
            onClick={() => setReporting(true)}
          >
            Report
          </Button>
        )}
      </Modal.Body>
    </>
  );
}
