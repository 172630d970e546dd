import type { ReactNode } from 'react';
import { currentMeal } from '@domain/challenges/current-meal';
import { useSession } from '@/lib/session';
import { useTodayChallenges } from '../api/use-today-challenges';
import { useNow } from '../hooks/use-now';
import { TodayMealCard } from './today-meal-card';
import './today.css';

interface TodaySectionProps {
  /** The way into creating a challenge, shown when none runs (src/app composes it in). */
  startChallenge: ReactNode;
}

/** The countdowns count minutes: a tick every 15 s keeps them within a quarter of one. */
const TICK_MS = 15_000;

/**
 * "Today" (docs/product.md, "Today"): the first thing a member sees on the home page. For each running
 * challenge, the meal whose window is open (or opens next), its dish and window, and while open the button
 * that proves it. Nothing for a visitor.
 */
export function TodaySection({ startChallenge }: TodaySectionProps) {
  const { user } = useSession();
  // A visitor's home runs none of it (no clock ticking, no read).
  return user ? <MemberToday uid={user.uid} startChallenge={startChallenge} /> : null;
}

function MemberToday({ uid, startChallenge }: TodaySectionProps & { uid: string }) {
  const now = useNow(TICK_MS);
  const loaded = useTodayChallenges(uid, now);

  const meals =
    loaded.value
      ?.map((running) => ({ running, current: currentMeal(running.challenge, now) }))
      .filter((item) => item.current !== null)
      .sort((a, b) => a.current!.meal.opensAt - b.current!.meal.opensAt) ?? [];

  return (
    <section aria-labelledby="today-heading" className="today-section mb-4">
      <h2 id="today-heading" className="h4 mb-3">
        Today
      </h2>
      {loaded.status === 'loading' && (
        // A meal card's height (today.css), so the page below stays put when the answer replaces it.
        <div role="status" className="card today-card today-card-loading mb-3">
          <span className="visually-hidden">Loading today&apos;s meals…</span>
          <div className="card-body" aria-hidden="true">
            <p className="placeholder-glow mb-0">
              <span className="placeholder col-5" /> <span className="placeholder col-8" />{' '}
              <span className="placeholder placeholder-lg col-12" />
            </p>
          </div>
        </div>
      )}
      {loaded.status === 'error' && (
        <p className="text-body-secondary mb-0">
          Today&apos;s meals could not be loaded. Check your connection and reload the page.
        </p>
      )}
      {loaded.status === 'ready' && meals.length === 0 && (
        <div className="today-empty">
          <p className="mb-2">No challenge is running: start one and your next meal shows here.</p>
          {/* Phones have the layout's entry right after this section. */}
          <div className="d-none d-lg-block">{startChallenge}</div>
        </div>
      )}
      {meals.map(({ running, current }) => (
        <TodayMealCard key={running.challengeId} running={running} current={current!} now={now} />
      ))}
    </section>
  );
}
