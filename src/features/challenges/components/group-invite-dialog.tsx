import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { QRCodeSVG } from 'qrcode.react';
import type { GroupAccess, InviteRecord } from '@domain/challenges/group-records';
import { useBusy } from '@/hooks/use-busy';
import { confirmAction, toastError, toastSuccess } from '@/lib/toast';
import { ApiError } from '@/services/api-client';
import {
  closeInvitations,
  inviteAddress,
  makeInviteLink,
  setGroupAccess,
} from '../api/group-challenge-api';
import { GroupAccessField } from './group-access-field';

interface GroupInviteDialogProps {
  challengeId: string;
  title: string;
  access: GroupAccess;
  /** The owner's current invite (live from their challenge record); absent before the first link. */
  invite: InviteRecord | undefined;
  /** False once the challenge has ended: who can join no longer changes. */
  canChange: boolean;
  show: boolean;
  onHide: () => void;
}

const refusal = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status < 500 ? error.message : fallback;

/**
 * "Invite friends" (docs/product.md, "Group challenges"): who can join, the invite link with Copy, the
 * share sheet where the browser has one, a QR code, a new link and closing invitations. Loaded lazily with
 * its QR code library, so the challenge page's first load does not carry them.
 */
export function GroupInviteDialog({
  challengeId,
  title,
  access,
  invite,
  canChange,
  show,
  onHide,
}: GroupInviteDialogProps) {
  const { whileBusy } = useBusy();
  const [working, setWorking] = useState(false);
  const [made, setMade] = useState<string | null>(null);
  const asked = useRef(false);
  // The choice shows at once; the record's copy follows through the listener (or the choice is undone).
  const [chosen, setChosen] = useState<GroupAccess | null>(null);
  const shownAccess = chosen ?? access;
  const isGroup = access !== 'solo';
  // The link made here shows at once; the record's copy follows through the listener.
  const [closed, setClosed] = useState(false);
  const token = made ?? (invite?.open && !closed ? invite.token : null);
  const link = token ? inviteAddress(challengeId, token) : null;

  const newLink = async () => {
    setWorking(true);
    try {
      const answer = await makeInviteLink(challengeId);
      setMade(answer.token);
      setClosed(false);
    } catch (error) {
      toastError(refusal(error, 'Error making the invite link'));
    } finally {
      setWorking(false);
    }
  };

  // No link yet for a group: opening the dialog makes one.
  useEffect(() => {
    if (!show || !isGroup || invite || asked.current || !canChange) return;
    asked.current = true;
    void newLink();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per dialog, when it first needs a link
  }, [show, isGroup, invite, canChange]);

  const changeAccess = async (next: GroupAccess) => {
    setChosen(next);
    try {
      await whileBusy(setGroupAccess(challengeId, next));
      toastSuccess('Saved');
    } catch (error) {
      setChosen(null);
      toastError(refusal(error, 'Error saving who can join'));
    }
  };

  const close = async () => {
    const confirmed = await confirmAction({
      title: 'Close invitations?',
      text: 'Every invite link stops working. Members stay.',
      confirmButtonText: 'Yes, close them',
      cancelButtonText: 'No, keep them open',
    });
    if (!confirmed) return;
    try {
      await whileBusy(closeInvitations(challengeId));
      setMade(null);
      setClosed(true);
      toastSuccess('Invitations closed');
    } catch (error) {
      toastError(refusal(error, 'Error closing invitations'));
    }
  };

  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby="invite-friends-title">
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id="invite-friends-title">Invite friends</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <GroupAccessField
          idPrefix="invite-access"
          value={shownAccess}
          disabled={!canChange}
          onChange={(next) => void changeAccess(next)}
        />
        {!isGroup && (
          <p className="mb-0">
            Choose “Anyone with the link” or “Anyone from the feed” to get an invite link.
          </p>
        )}
        {isGroup && !link && working && (
          <div role="status" className="d-flex align-items-center gap-2">
            <Spinner animation="border" size="sm" aria-hidden="true" /> Making the invite link…
          </div>
        )}
        {isGroup && !link && !working && (
          <Alert variant="secondary" className="mb-2">
            Invitations are closed: no link works. Make a new link to open them again.
          </Alert>
        )}
        {isGroup && link && <InviteLink link={link} title={title} />}
      </Modal.Body>
      {isGroup && canChange && (
        <Modal.Footer className="justify-content-between">
          <Button
            variant="outline-secondary"
            size="sm"
            disabled={working}
            onClick={() => void newLink()}
          >
            New link
          </Button>
          {link && (
            <Button variant="outline-danger" size="sm" onClick={() => void close()}>
              Close invitations
            </Button>
          )}
        </Modal.Footer>
      )}
    </Modal>
  );
}

/** The link in a read-only box labelled "Invite link", Copy, Share where the browser can, and its QR code. */
function InviteLink({ link, title }: { link: string; title: string }) {
  const [copied, setCopied] = useState<string | null>(null);
  const canShare = typeof navigator.share === 'function';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(link);
    } catch {
      toastError('Copying is blocked here: select the link and copy it');
    }
  };

  const share = async () => {
    try {
      await navigator.share({ title, text: `Join my challenge "${title}"`, url: link });
    } catch {
      // Dismissing the share sheet is not an error.
    }
  };

  return (
    <>
      <Form.Group controlId="invite-link" className="mb-2">
        <Form.Label>Invite link</Form.Label>
        <Form.Control
          type="text"
          readOnly
          value={link}
          onFocus={(event) => event.currentTarget.select()}
        />
      </Form.Group>
      <div className="d-flex flex-wrap gap-2 mb-3">
        <Button variant="success" size="sm" onClick={() => void copy()}>
          {copied === link ? 'Copied' : 'Copy'}
        </Button>
        {canShare && (
          <Button variant="outline-success" size="sm" onClick={() => void share()}>
            Share
          </Button>
        )}
        <span className="visually-hidden" role="status">
          {copied === link ? 'Invite link copied' : ''}
        </span>
      </div>
      <figure className="text-center mb-0">
        <QRCodeSVG
          value={link}
          size={176}
          marginSize={2}
          role="img"
          aria-label="QR code of the invite link"
        />
        <figcaption className="small text-body-secondary">
          Scan to open the invite on a phone.
        </figcaption>
      </figure>
    </>
  );
}
