import { memo, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { challengeEndsAt } from '@domain/challenges/challenge-activity';
import type { ChallengeRecord, ChallengeRef } from '@domain/challenges/challenge-record';
import { currentMeal, todayDayNumber } from '@domain/challenges/current-meal';
import { profilePath } from '@/lib/app-addresses';
import { toastSuccess } from '@/lib/toast';
import type { GroupChallengeRecord } from '../api/group-challenge-api';
import { MemberAvatar } from '@/components/member-avatar';
import { useNow } from '../hooks/use-now';
import { formatDateTimeIfAny } from '@/lib/format';
import { currentDayNumber, dayPlans, proofPhotos } from '../lib/challenge-meals';
import { ChallengeMoreMenu } from './challenge-more-menu';
import { ChallengeProgressView } from './challenge-progress';
import { DayChips } from './day-chips';
import { DayMealCards } from './day-meal-cards';
import { DayNutritionSummary } from './day-nutrition-summary';
import { GroupChallengeLayout } from './group-challenge-layout';
import { GroupInviteButton } from './group-invite-button';
import { NowCard } from './now-card';

interface ChallengeOwnerViewProps {
  challenge: ChallengeRecord;
  /** The plan shown: its owner is the viewer (a joined member's own plan has the group owner's challenge id). */
  challengeRef: ChallengeRef;
  /** Set when the viewer joined someone else's group challenge: the group's owner (docs/product.md, "Group challenges"). */
  groupOwnerId?: string;
}

/**
 * A member's own challenge, phone first (docs/product.md, "The challenge page"): the title with "Invite
 * friends" and "More", the meal of the moment ("Now"), day chips with each day's meals as cards, then the
 * plan's facts and progress; for a group challenge, the challenge board beside it (its strip above on phones).
 * Memoised: the page's own updates (the live copy replacing an identical cached one) do not draw it again.
 */
export const ChallengeOwnerView = memo(function ChallengeOwnerView({
  challenge,
  challengeRef,
  groupOwnerId,
}: ChallengeOwnerViewProps) {
  const now = useNow();
  const navigate = useNavigate();
  const { isOwner, access, joinedFrom, isGroup, ended } = groupRole(challenge, groupOwnerId, now);
  const plans = useMemo(() => dayPlans(challenge), [challenge]);
  const [activeDay, setActiveDay] = useState(() => currentDayNumber(plans, Date.now()));
  const owner = challenge.displayName || 'Member';
  const targets = challenge.targets;
  const refs = useMemo(
    () => ({ ownerId: challengeRef.ownerId, challengeId: challengeRef.challengeId }),
    [challengeRef.ownerId, challengeRef.challengeId],
  );
  const current = currentMeal(challenge, now);
  const snapOpen = current !== null && current.open && current.meal.status !== 'Done';

  const openDay = (dayNumber: number) => {
    if (dayNumber === activeDay) return;
    setActiveDay(dayNumber);
    toastSuccess(`Day ${dayNumber} Open`);
  };

  const plan = (
    <article
      aria-labelledby="challenge-title"
      className={snapOpen ? 'challenge-plan has-now-action' : 'challenge-plan'}
    >
      <header className="card card-body shadow-sm d-flex flex-row flex-wrap align-items-start gap-2 mb-3">
        <div className="flex-grow-1 min-w-0">
          <h1 id="challenge-title" className="h3 mb-1">
            {challenge.title}
          </h1>
          <div className="d-flex align-items-center gap-2">
            <MemberAvatar name={owner} photoURL={challenge.photoURL} size={32} />
            <Link className="fw-semibold" to={profilePath(owner, challengeRef.ownerId)}>
              {owner}
            </Link>
          </div>
        </div>
        <div className="d-flex gap-2 align-items-center">
          {isOwner && !ended && (
            <GroupInviteButton
              challengeId={challengeRef.challengeId}
              title={challenge.title}
              access={access}
              invite={(challenge as GroupChallengeRecord).invite}
              canChange={!ended}
            />
          )}
          <ChallengeMoreMenu
            challenge={challenge}
            challengeRef={challengeRef}
            photos={proofPhotos(plans)}
            isOwner={isOwner}
            onDeleted={() => void navigate('/feed')}
          />
        </div>
      </header>

      <NowCard challenge={challenge} plan={refs} now={now} />

      <DayChips
        plans={plans}
        activeDay={activeDay}
        today={todayDayNumber(challenge, now)}
        onOpen={openDay}
      >
        {(day) => (
          <>
            <p className="mb-2">
              <strong>Day {day.dayNumber} total:</strong> {day.calories} kcal · {day.protein} g
              protein
            </p>
            <DayNutritionSummary
              dayNumber={day.dayNumber}
              meals={day.meals}
              targets={targets}
              shortfalls={challenge.shortfalls?.[`Day${day.dayNumber}`]}
            />
            <DayMealCards
              challenge={refs}
              plan={day}
              now={now}
              startedAt={challenge.createdAt}
              timeZone={challenge.timezone}
            />
          </>
        )}
      </DayChips>

      <AboutPlan challenge={challenge} />

      <ChallengeProgressView
        plans={plans}
        targets={targets}
        now={now}
        startedAt={challenge.createdAt}
      />
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
});

/** The plan's facts, below the daily loop: preference, goal, length, when it was made, daily targets. */
function AboutPlan({ challenge }: { challenge: ChallengeRecord }) {
  return (
    <div className="card shadow-sm mt-4">
      <div className="card-body">
        <h2 className="h5">About this plan</h2>
        <div className="d-flex flex-wrap gap-2 mb-3">
          <span className="badge bg-success">
            {String(challenge.preference ?? '').toUpperCase()}
          </span>
          {challenge.targetBody && (
            <span className="badge bg-secondary">{challenge.targetBody}</span>
          )}
          <span className="badge bg-light text-dark border">
            {challenge.day === 1 ? '1 day' : `${challenge.day} days`}
          </span>
        </div>
        <PlanFacts createdAt={challenge.createdAt} targets={challenge.targets} />
      </div>
    </div>
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
  const created = formatDateTimeIfAny(createdAt);
  return (
    <dl className="row small mb-0">
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
