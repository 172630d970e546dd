import { memo } from 'react';
import { Deferred } from '@/components/deferred';
import { localCalendarDate } from '@/lib/text-format';
import { useMemberGlance } from '../api/use-member-glance';
import { adherenceText } from '../lib/glance-calendar';
import { GlanceCalendar } from './glance-calendar';

/** The calendar's height at 375 px (its caption on two lines, the grid of 7 rows, the legend). */
const CALENDAR_HEIGHT_PX = 190;

/**
 * Profile at a glance (docs/product.md, "Profile"): challenges completed, overall adherence and
 * the 12-week calendar, from users/{uid}/glance. Public to signed-in members: it holds no weight
 * or body data. Loaded as its own chunk once the profile is on screen; memoised, so the profile's own
 * updates (its later reads, the session) do not draw the calendar again. Below the profile's card on a
 * phone, the calendar's 84 labelled cells render as it nears the screen.
 */
export const ProfileGlance = memo(function ProfileGlance({ uid }: { uid: string }) {
  const glance = useMemberGlance(uid);
  const value = glance.status === 'ready' ? glance.value : null;
  const adherence = value ? adherenceText(value.mealsProved ?? 0, value.mealsPlanned ?? 0) : null;

  return (
    <section className="card shadow-sm mt-4" aria-labelledby="profile-glance-title">
      <div className="card-body p-4">
        <h2 id="profile-glance-title" className="h5 mb-3">
          At a glance
        </h2>
        {glance.status === 'loading' && (
          <div className="placeholder-glow" aria-busy="true">
            <span className="visually-hidden" role="status">
              Loading progress…
            </span>
            <span className="placeholder col-6" aria-hidden="true" />{' '}
            <span className="placeholder col-4" aria-hidden="true" />
            <span className="placeholder col-12" style={{ height: 96 }} aria-hidden="true" />
          </div>
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
            <Deferred height={CALENDAR_HEIGHT_PX}>
              <GlanceCalendar days={value?.days} today={localCalendarDate()} />
            </Deferred>
          </>
        )}
      </div>
    </section>
  );
});
