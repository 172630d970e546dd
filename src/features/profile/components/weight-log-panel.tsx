import { memo, useCallback, useMemo, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { TextField } from '@/components/form/text-field';
import type { WeightForm } from '@domain/members/weight-log';
import { weightTrend, type WeightPoint, type WeightTrend } from '@domain/members/weight-trend';
import { confirmAction } from '@/lib/toast';
import { Deferred } from '@/components/deferred';
import {
  deleteWeight,
  editWeight,
  logWeight,
  useLatestChallenge,
  type LatestChallenge,
  useWeightLog,
} from '../api/weight-log';
import { WeightChart } from './weight-chart';
import { localCalendarDate } from '@/lib/text-format';
import { formatNumber } from '@/lib/format';

// The device's date without Intl (src/lib/text-format.ts).
const browserToday = () => localCalendarDate();

// The form's checks (zod) load on its first submit, not with the profile: evaluating zod was one long task
// (docs/performance.md, "The profile with 12 weeks of data and 60 weights").
const validateOnSubmit: Resolver<WeightForm, unknown, { date: string; kg: number }> = async (
  values,
  context,
  options,
) => {
  const [{ zodResolver }, { weightFormSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@domain/members/weight-log'),
  ]);
  return zodResolver(weightFormSchema)(values, context, options);
};

const kgText = (kg: number) => `${formatNumber(kg, 1)} kg`;

const signed = (kg: number) => `${kg > 0 ? '+' : kg < 0 ? '−' : '±'}${kgText(Math.abs(kg))}`;

const DIRECTION_TEXT = { up: 'gain', down: 'lose', steady: 'hold' } as const;

/** Entries listed until the member asks for all: two weeks of daily entries (the chart has them all). */
const ROWS_SHOWN = 14;

/** The height of the trend (figures, chart, legend, 14 rows) at 375 px, held until it renders. */
const TREND_HEIGHT_PX = 900;

/**
 * The owner's private weight log on their profile: log, edit, delete, and the trend (its chart and table
 * as they near the screen). Memoised, and its parts apart: the form's typing, the profile's own updates and
 * the reads landing one by one re-render neither the chart nor the table (docs/performance.md, "The profile
 * with 12 weeks of data and 60 weights").
 */
export const WeightLogPanel = memo(function WeightLogPanel({ uid }: { uid: string }) {
  const log = useWeightLog(uid);
  const latest = useLatestChallenge(uid);
  const challenge = latest.value ?? undefined;
  const trend = useMemo(
    () => weightTrend(log.value, challenge?.targetBody ?? 'Maintain', challenge?.startDate),
    [log.value, challenge],
  );
  const [editing, setEditing] = useState<WeightPoint | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const remove = useCallback((date: string) => {
    void (async () => {
      const confirmed = await confirmAction({
        title: `Delete the weight of ${date}?`,
        text: 'The entry is removed from your log and chart.',
        confirmButtonText: 'Delete',
        cancelButtonText: 'Cancel',
      });
      if (!confirmed) return;
      try {
        await deleteWeight(date);
      } catch (error) {
        setFailure((error as Error).message);
      }
    })();
  }, []);

  return (
    <section className="card shadow-sm mt-4" aria-labelledby="weight-log-heading">
      <div className="card-body p-3 p-sm-4">
        <h2 id="weight-log-heading" className="h5">
          Weight log
        </h2>
        <p className="small text-body-secondary">Only you can see your weights.</p>
        {/* A new form for each entry edited: its fields start from that entry. */}
        <WeightEntryForm
          key={editing?.date ?? 'new'}
          editing={editing}
          onDone={setEditing}
          onFailure={setFailure}
        />
        {failure && (
          <div role="alert" className="alert alert-danger mt-2 mb-0">
            {failure}
          </div>
        )}
        {log.status === 'error' && (
          <div role="alert" className="alert alert-danger mt-2 mb-0">
            We could not load your weight log. Check your connection and reload the page.
          </div>
        )}
        {/* Drawn once the log and the goal are both in (one render of the chart and table, not one per read),
            as it nears the screen. */}
        {log.status !== 'loading' && latest.status !== 'loading' && (
          <Deferred height={trend.points.length > 0 ? TREND_HEIGHT_PX : 0}>
            <WeightTrendView
              trend={trend}
              challenge={challenge}
              onEdit={setEditing}
              onDelete={remove}
            />
          </Deferred>
        )}
      </div>
    </section>
  );
});

interface WeightEntryFormProps {
  /** The entry being edited, or null to log a new one. */
  editing: WeightPoint | null;
  /** Called with null once the entry is saved or the edit cancelled. */
  onDone: (editing: null) => void;
  onFailure: (message: string | null) => void;
}

function WeightEntryForm({ editing, onDone, onFailure }: WeightEntryFormProps) {
  // Once per form (a new one after each edit): the zone's date costs more than the form's re-renders.
  const [today] = useState(browserToday);
  const {
    register,
    handleSubmit,
    reset,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<WeightForm, unknown, { date: string; kg: number }>({
    resolver: validateOnSubmit,
    defaultValues: editing
      ? { date: editing.date, kg: String(editing.kg) }
      : { date: today, kg: '' },
  });

  const submit = handleSubmit(async ({ date, kg }) => {
    onFailure(null);
    const sent = getValues();
    try {
      if (editing) {
        await editWeight(editing.date, kg);
        onDone(null);
      } else {
        await logWeight(date, kg);
        // The new row may show before the answer: a next entry typed meanwhile is kept, not wiped.
        const now = getValues();
        if (now.date === sent.date && now.kg === sent.kg) reset({ date: browserToday(), kg: '' });
      }
    } catch (error) {
      onFailure((error as Error).message);
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="row g-2 align-items-start">
      <div className="col-12 col-sm-5">
        <TextField
          label="Date"
          type="date"
          max={today}
          disabled={editing !== null}
          registration={register('date')}
          error={errors.date}
        />
      </div>
      <div className="col-12 col-sm-4">
        <TextField
          label="Weight (kg)"
          type="number"
          inputMode="decimal"
          step="0.1"
          registration={register('kg')}
          error={errors.kg}
        />
      </div>
      <div className="col-12 col-sm-3 pt-sm-4 mt-sm-2 d-flex gap-2">
        <button type="submit" className="btn btn-success" disabled={isSubmitting}>
          {editing ? 'Save weight' : 'Log weight'}
        </button>
        {editing && (
          <button type="button" className="btn btn-outline-secondary" onClick={() => onDone(null)}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

interface WeightTrendViewProps {
  trend: WeightTrend;
  challenge: LatestChallenge | undefined;
  onEdit: (point: WeightPoint) => void;
  onDelete: (date: string) => void;
}

/** The change figures, the chart and the table of entries (newest first). */
const WeightTrendView = memo(function WeightTrendView({
  trend,
  challenge,
  onEdit,
  onDelete,
}: WeightTrendViewProps) {
  const [showAll, setShowAll] = useState(false);
  const last = trend.points.at(-1);
  if (!last) return null;
  const summary = `Weight ${kgText(last.kg)} on ${last.date}; ${signed(trend.changeSinceFirst)} since the first entry`;
  return (
    <>
      <dl className="row mt-3 mb-2 small">
        <div className="col-6 col-md-4">
          <dt className="fw-normal text-body-secondary">Change since first entry</dt>
          <dd className="fw-semibold mb-0">{signed(trend.changeSinceFirst)}</dd>
        </div>
        {trend.changeSince !== undefined && challenge && (
          <div className="col-6 col-md-4">
            <dt className="fw-normal text-body-secondary">
              Since your challenge began ({challenge.startDate})
            </dt>
            <dd className="fw-semibold mb-0">{signed(trend.changeSince)}</dd>
          </div>
        )}
        <div className="col-12 col-md-4">
          <dt className="fw-normal text-body-secondary">Goal direction</dt>
          <dd className="fw-semibold mb-0">
            {challenge
              ? `${challenge.targetBody}: ${DIRECTION_TEXT[trend.direction]} weight`
              : 'Create a challenge to set a body goal'}
          </dd>
        </div>
      </dl>
      <WeightChart points={trend.points} summary={summary} />
      <p className="small text-body-secondary mb-2">
        Solid line: your entries. Dashed line: 7-day moving average.
      </p>
      {/* Rows that fit a 375 px screen, no sideways scrolling: the average joins them from sm up. */}
      <table className="table table-sm mb-0 weight-rows">
        <caption className="visually-hidden">Your weight entries</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Weight</th>
            <th scope="col" className="d-none d-sm-table-cell">
              7-day average
            </th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {[...trend.points]
            .reverse()
            .slice(0, showAll ? undefined : ROWS_SHOWN)
            .map((point) => {
              // The stored day as written: e2e/progress.spec.ts names the rows by it.
              const day = point.date;
              return (
                <tr key={point.date}>
                  <th scope="row" className="fw-normal text-nowrap">
                    {day}
                  </th>
                  <td className="text-nowrap">{kgText(point.kg)}</td>
                  <td className="text-nowrap d-none d-sm-table-cell">{kgText(point.average)}</td>
                  <td className="text-end text-nowrap">
                    <button
                      type="button"
                      className="btn btn-sm btn-link px-2"
                      aria-label={`Edit the weight of ${day}`}
                      onClick={() => onEdit(point)}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-link px-2 link-secondary"
                      aria-label={`Delete the weight of ${day}`}
                      onClick={() => onDelete(point.date)}
                    >
                      Delete
                    </button>
                  </td>
                </tr>
              );
            })}
        </tbody>
      </table>
      {trend.points.length > ROWS_SHOWN && (
        <button
          type="button"
          className="btn btn-link btn-sm px-0"
          onClick={() => setShowAll(!showAll)}
        >
          {showAll
            ? `Show the latest ${ROWS_SHOWN} entries`
            : `Show all ${trend.points.length} entries`}
        </button>
      )}
    </>
  );
});
