import { memo } from 'react';
import Placeholder from 'react-bootstrap/Placeholder';
import { useNearViewport } from '@/hooks/use-near-viewport';
import { localCalendarDate } from '@/lib/text-format';
import { useMemberGlance } from '../api/use-member-glance';
import { adherenceText } from '../lib/glance-calendar';
import { GlanceCalendar } from './glance-calendar';

/**
 * Profile at a glance (docs/product.md, "Profile"): challenges completed, overall adherence and
 * the 12-week calendar, from users/{uid}/glance. Public to signed-in members: it holds no weight
 * or body data. Loaded as its own chunk once the profile is on screen; memoised, so the profile's own
 * updates (its later reads, the session) do not draw the calendar again.
 */
export const ProfileGlance = memo(function ProfileGlance({ uid }: { uid: string }) {
  const glance = useMemberGlance(uid);
  const value = glance.status === 'ready' ? glance.value : null;
  const adherence = value ? adherenceText(value.mealsProved ?? 0, value.mealsPlanned ?? 0) : null;
  // Below the profile's card on a phone: the calendar's 84 labelled cells render when the glance nears the
  // viewport or the member acts, not in the load's first commits (docs/performance.md, "The profile with 12 weeks
  // of data and 60 weights").
  const [sectionRef, near] = useNearViewport<HTMLElement>();

  return (
    <section
      ref={sectionRef}
      className="card shadow-sm mt-4"
      aria-labelledby="profile-glance-title"
    >
      <div className="card-body p-4">
        <h2 id="profile-glance-title" className="h5 mb-3">
          At a glance
        </h2>
        {glance.status === 'loading' && (
          <Placeholder as="div" animation="glow" aria-busy="true">
            <span className="visually-hidden" role="status">
              Loading progress…
            </span>
            <Placeholder xs={6} aria-hidden="true" /> <Placeholder xs={4} aria-hidden="true" />
            <Placeholder xs={12} style={{ height: 96 }} aria-hidden="true" />
          </Placeholder>
        )}
        {glance.status === 'error' && (
          <p className="text-danger mb-0">
            We could not load this member&apos;s progress. Check your connection and reload the
            page.
          </p>
        )}
        {glance.status === 'ready' && (
          <>
            <dl className="row mb-3 profile-facts">
              <div className="col-6 col-md-4 mb-3">
                <dt className="small text-body-secondary fw-normal">Challenges completed</dt>
                <dd className="mb-0 fw-semibold">{value?.challengesCompleted ?? 0}</dd>
              </div>
              <div className="col-6 col-md-4 mb-3">
                <dt className="small text-body-secondary fw-normal">Adherence</dt>
                <dd className="mb-0 fw-semibold">
                  {adherence ?? (
                    <span className="text-body-secondary fw-normal">No meals planned yet</span>
                  )}
                </dd>
              </div>
            </dl>
            {near && <GlanceCalendar days={value?.days} today={localCalendarDate()} />}
          </>
        )}
      </div>
    </section>
  );
});
