import { lazy, Suspense, useMemo, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { Link, useNavigate } from 'react-router-dom';
import { challengeEndsAt } from '@domain/challenges/challenge-activity';
import type { ChallengeRecord, ChallengeRef } from '@domain/challenges/challenge-record';
import { profilePath } from '@/lib/app-addresses';
import { toastSuccess } from '@/lib/toast';
import type { GroupChallengeRecord } from '../api/group-challenge-api';
import { MemberAvatar } from '@/components/member-avatar';
import { useNow } from '../hooks/use-now';
import { cardTime } from '@/lib/text-format';
import { currentDayNumber, dayPlans, proofPhotos } from '../lib/challenge-meals';
import { AddToCalendarButton } from './add-to-calendar-button';
import { ChallengeOwnerActions } from './challenge-owner-actions';
import { ChallengeProgressView } from './challenge-progress';
import { DayMealTable } from './day-meal-table';
import { DayNutritionSummary } from './day-nutrition-summary';
import { GroupChallengeLayout } from './group-challenge-layout';
import { GroupInviteButton } from './group-invite-button';
import { ShoppingListButton } from './shopping-list-button';

const ProofGalleryModal = lazy(async () => ({
  default: (await import('./proof-gallery-modal')).ProofGalleryModal,
}));

interface ChallengeOwnerViewProps {
  challenge: ChallengeRecord;
  /** The plan shown: its owner is the viewer (a joined member's own plan has the group owner's challenge id). */
  challengeRef: ChallengeRef;
  /** Set when the viewer joined someone else's group challenge: the group's owner (docs/product.md, "Group challenges"). */
  groupOwnerId?: string;
}

/**
 * A member's own challenge: plan summary, day tabs, meal table with proof uploads, gallery; for a group
 * challenge, the challenge board beside it. The owner also gets the owner's actions and "Invite friends".
 */
export function ChallengeOwnerView({
  challenge,
  challengeRef,
  groupOwnerId,
}: ChallengeOwnerViewProps) {
  const now = useNow();
  const navigate = useNavigate();
  const { isOwner, access, joinedFrom, isGroup, ended } = groupRole(challenge, groupOwnerId, now);
  const plans = useMemo(() => dayPlans(challenge), [challenge]);
  const [activeDay, setActiveDay] = useState(() => currentDayNumber(plans, Date.now()));
  const [galleryOpen, setGalleryOpen] = useState(false);
  const owner = challenge.displayName || 'Member';
  const targets = challenge.targets;
  const refs = useMemo(
    () => ({ ownerId: challengeRef.ownerId, challengeId: challengeRef.challengeId }),
    [challengeRef.ownerId, challengeRef.challengeId],
  );

  const openDay = (key: string | null) => {
    const dayNumber = Number(key?.replace('Day', ''));
    if (!Number.isInteger(dayNumber) || dayNumber === activeDay) return;
    setActiveDay(dayNumber);
    toastSuccess(`Day ${dayNumber} Open`);
  };

  const plan = (
    <article aria-labelledby="challenge-title">
      <Card className="shadow-sm mb-4">
        <Card.Body>
          <h1 id="challenge-title" className="h3">
            {challenge.title}
          </h1>
          <div className="d-flex align-items-center gap-2 mb-3">
            <MemberAvatar name={owner} photoURL={challenge.photoURL} size={40} />
            <Link className="fw-semibold" to={profilePath(owner, challengeRef.ownerId)}>
              {owner}
            </Link>
          </div>
          <div className="d-flex flex-wrap gap-2 mb-3">
            <Badge bg="success">{String(challenge.preference ?? '').toUpperCase()}</Badge>
            {challenge.targetBody && <Badge bg="secondary">{challenge.targetBody}</Badge>}
            <Badge bg="light" text="dark" className="border">
              {challenge.day === 1 ? '1 day' : `${challenge.day} days`}
            </Badge>
          </div>
          <PlanFacts createdAt={challenge.createdAt} targets={targets} />
          <div className="d-flex flex-wrap gap-2">
            <Button variant="success" size="sm" onClick={() => setGalleryOpen(true)}>
              Photo gallery
            </Button>
            <ShoppingListButton challenge={challenge} />
            <AddToCalendarButton challengeId={challengeRef.challengeId} challenge={challenge} />
            {isOwner && !ended && (
              <GroupInviteButton
                challengeId={challengeRef.challengeId}
                title={challenge.title}
                access={access}
                invite={(challenge as GroupChallengeRecord).invite}
                canChange={!ended}
              />
            )}
            {isOwner && (
              <ChallengeOwnerActions challenge={challengeRef} onDeleted={() => navigate('/feed')} />
            )}
          </div>
        </Card.Body>
      </Card>

      {/* mountOnEnter: a day's meals render when the day is first opened, not all seven at once (a 7-day plan
          was one long commit; docs/performance.md, "Decisions that hold the budgets"). */}
      <Tabs
        id="challenge-days"
        activeKey={`Day${activeDay}`}
        onSelect={openDay}
        className="mb-3 day-tabs"
        mountOnEnter
      >
        {plans.map((plan) => (
          <Tab
            key={plan.dayNumber}
            eventKey={`Day${plan.dayNumber}`}
            title={`Day${plan.dayNumber}`}
          >
            <p className="mb-2">
              <strong>Day {plan.dayNumber} total:</strong> {plan.calories} kcal · {plan.protein} g
              protein
            </p>
            <DayNutritionSummary
              dayNumber={plan.dayNumber}
              meals={plan.meals}
              targets={targets}
              shortfalls={challenge.shortfalls?.[`Day${plan.dayNumber}`]}
            />
            <DayMealTable challenge={refs} plan={plan} now={now} />
          </Tab>
        ))}
      </Tabs>

      <ChallengeProgressView plans={plans} targets={targets} />

      {galleryOpen && (
        <Suspense fallback={null}>
          <ProofGalleryModal
            title={challenge.title}
            photos={proofPhotos(plans)}
            show={galleryOpen}
            onHide={() => setGalleryOpen(false)}
          />
        </Suspense>
      )}
    </article>
  );
  // One tree whether or not it is a group, so opening it to others keeps the page (and its open dialog) mounted.
  return (
    <GroupChallengeLayout
      challengeRef={challengeRef}
      groupOwnerId={isGroup ? (joinedFrom ?? challengeRef.ownerId) : null}
      now={now}
      canLeave={!isOwner && !ended}
    >
      {plan}
    </GroupChallengeLayout>
  );
}

/** When it was created and the plan's daily targets (the viewer's own: never shown to other members). */
function PlanFacts({
  createdAt,
  targets,
}: {
  createdAt: number;
  targets: ChallengeRecord['targets'] | undefined;
}) {
  const created = cardTime(createdAt);
  return (
    <dl className="row small mb-3">
      {created && (
        <>
          <dt className="col-sm-3 col-lg-2">Created</dt>
          <dd className="col-sm-9 col-lg-10">{created}</dd>
        </>
      )}
      {targets && (
        <>
          <dt className="col-sm-3 col-lg-2">Daily target</dt>
          <dd className="col-sm-9 col-lg-10">
            {Math.round(targets.calories)} kcal · {Math.round(targets.protein)} g protein
            {typeof targets.carbs === 'number' && ` · ${Math.round(targets.carbs)} g carbs`}
            {typeof targets.fat === 'number' && ` · ${Math.round(targets.fat)} g fat`}
          </dd>
        </>
      )}
    </dl>
  );
}

/**
 * Whether the viewer owns it, who may join, whose board it is on, and whether it has ended at `now`. A
 * joined copy (groupOwnerId) is never the viewer's own, whatever address opened it: the rules refuse its
 * delete, it ends only by "Leave challenge" (docs/security.md, "Group challenges").
 */
function groupRole(challenge: ChallengeRecord, groupOwnerId: string | undefined, now: number) {
  const joinedFrom = groupOwnerId ?? challenge.groupOwnerId;
  const isOwner = joinedFrom === undefined;
  const access = (challenge as GroupChallengeRecord).access ?? 'solo';
  return {
    isOwner,
    access,
    joinedFrom,
    isGroup: !isOwner || access !== 'solo',
    ended: (challengeEndsAt(challenge) ?? 0) <= now,
  };
}
