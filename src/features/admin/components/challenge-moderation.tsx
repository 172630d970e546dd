import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import type { FeedEntry } from '@domain/challenges/challenge-record';
import type { HiddenChallengeRow } from '@domain/site/moderation-records';
import { readFeedPage } from '../api/admin-records';
import { hideChallenge, unhideChallenge, useHiddenChallenges } from '../api/moderation';
import { useAdminAction } from '../hooks/use-admin-action';
import { askModerationReason } from '../lib/ask-reason';
import { formatDateTime } from '@/lib/format';
import { PagedBox } from './paged-box';
import { PagedRows } from './paged-rows';
import { ScrollBox } from './scroll-box';

interface ChallengeModerationProps {
  refresh: unknown;
  onChanged: () => void;
}

/** The feed's challenges, each with "Hide", and the hidden ones, each with "Unhide". */
export function ChallengeModeration({ refresh, onChanged }: ChallengeModerationProps) {
  const run = useAdminAction(onChanged);
  const hide = async (challengeId: string, entry: FeedEntry) => {
    const reason = await askModerationReason({
      title: `Hide “${entry.title}”?`,
      text: 'It leaves the feed and the owner’s profile for everyone else; the owner sees that a moderator hid it.',
      confirmButtonText: 'Hide',
    });
    if (reason === null) return;
    await run(() => hideChallenge(challengeId, entry.uid, reason), `“${entry.title}” is hidden`);
  };
  const unhide = (row: HiddenChallengeRow) =>
    run(() => unhideChallenge(row.challengeId), `“${row.title}” is visible again`);

  return (
    <div className="row g-4 mb-4">
      <section className="col-lg-6">
        <PagedBox
          id="feed-challenges-title"
          title="Challenges in the feed"
          subject="challenges"
          readPage={readFeedPage}
          refresh={refresh}
          renderRow={(entry, challengeId) => (
            <div className="d-flex align-items-center gap-2">
              <div className="flex-grow-1" style={{ minWidth: 0 }}>
                <div className="fw-semibold text-break">{entry.title}</div>
                <div className="text-body-secondary">
                  by {entry.displayName || entry.uid} · {formatDateTime(entry.createdAt)}
                </div>
              </div>
              <Button
                size="sm"
                variant="outline-danger"
                onClick={() => void hide(challengeId, entry)}
                aria-label={`Hide ${entry.title}`}
              >
                Hide
              </Button>
            </div>
          )}
        />
      </section>
      <section className="col-lg-6">
        <HiddenChallenges refresh={refresh} onUnhide={(row) => void unhide(row)} />
      </section>
    </div>
  );
}

function HiddenChallenges({
  refresh,
  onUnhide,
}: {
  refresh: unknown;
  onUnhide: (row: HiddenChallengeRow) => void;
}) {
  const hidden = useHiddenChallenges(refresh);
  return (
    <>
      <h2 id="hidden-challenges-title" className="h5">
        Hidden challenges
      </h2>
      <PagedRows rows={hidden.value ?? []} subject="hidden challenges">
        {(pageRows) => (
          <ScrollBox labelledBy="hidden-challenges-title">
            {hidden.status === 'loading' && (
              <p className="p-3 mb-0 text-body-secondary">Loading hidden challenges…</p>
            )}
            {hidden.status === 'error' && (
              <p className="p-3 mb-0 text-danger">
                The hidden challenges could not be loaded: {hidden.error.message}
              </p>
            )}
            {hidden.status === 'ready' && hidden.value.length === 0 && (
              <p className="p-3 mb-0">No hidden challenges.</p>
            )}
            {pageRows.length > 0 && (
              <ListGroup variant="flush" as="ul">
                {pageRows.map((row) => (
                  <HiddenChallengeItem key={row.challengeId} row={row} onUnhide={onUnhide} />
                ))}
              </ListGroup>
            )}
          </ScrollBox>
        )}
      </PagedRows>
    </>
  );
}

function HiddenChallengeItem({
  row,
  onUnhide,
}: {
  row: HiddenChallengeRow;
  onUnhide: (row: HiddenChallengeRow) => void;
}) {
  return (
    <ListGroup.Item as="li" className="small d-flex align-items-center gap-2">
      <div className="flex-grow-1" style={{ minWidth: 0 }}>
        <div className="fw-semibold text-break">{row.title || row.challengeId}</div>
        <div className="text-body-secondary">
          by {row.displayName || row.uid} · hidden {formatDateTime(row.hiddenAt)}
          {row.reason && ` · ${row.reason}`}
        </div>
      </div>
      <Button
        size="sm"
        variant="outline-success"
        onClick={() => onUnhide(row)}
        aria-label={`Unhide ${row.title || row.challengeId}`}
      >
        Unhide
      </Button>
    </ListGroup.Item>
  );
}
