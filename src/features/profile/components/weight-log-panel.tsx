import { memo, startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { useForm, type Resolver } from 'react-hook-form';
import { TextField } from '@/components/form/text-field';
import type { WeightForm } from '@domain/members/weight-log';
import { weightTrend, type WeightPoint, type WeightTrend } from '@domain/members/weight-trend';
import { confirmAction } from '@/lib/toast';
import { useNearViewport } from '@/hooks/use-near-viewport';
import { afterNextPaint } from '@/lib/main-content';
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

/**
 * The owner's private weight log on their profile: log, edit, delete, and the trend. Memoised, and
 * its parts apart: the form's typing, the profile's own updates and the reads landing one by one
 * re-render neither the chart nor the table (docs/performance.md, "The profile with 12 weeks of data
 * and 60 weights").
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

  // Below the profile's card and glance: its form (react-hook-form's first set-up), chart and table render when
  // the log nears the viewport or the member acts, not in the load's first commits (docs/performance.md, "The
  // profile with 12 weeks of data and 60 weights"); the reads start at once.
  const [sectionRef, near] = useNearViewport<HTMLElement>();
  // The trend (chart and table) is drawn a paint after the form: the two lay out in tasks of their own, not
  // one long one (docs/performance.md, "The profile with 12 weeks of data and 60 weights").
  const [trendDue, setTrendDue] = useState(false);
  useEffect(() => {
    if (near) afterNextPaint(() => startTransition(() => setTrendDue(true)));
  }, [near]);

  return (
    <Card
      ref={sectionRef}
      className="shadow-sm mt-4"
      as="section"
      aria-labelledby="weight-log-heading"
    >
      <Card.Body className="p-3 p-sm-4">
        <h2 id="weight-log-heading" className="h5">
          Weight log
        </h2>
        <p className="small text-body-secondary">Only you can see your weights.</p>
        {near && (
          <>
            {/* A new form for each entry edited: its fields start from that entry. */}
            <WeightEntryForm
              key={editing?.date ?? 'new'}
              editing={editing}
              onDone={setEditing}
              onFailure={setFailure}
            />
            {failure && (
              <Alert variant="danger" role="alert" className="mt-2 mb-0">
                {failure}
              </Alert>
            )}
            {log.status === 'error' && (
              <Alert variant="danger" className="mt-2 mb-0">
                We could not load your weight log. Check your connection and reload the page.
              </Alert>
            )}
            {/* Drawn once the log and the goal are both in: one render of the chart and table, not one per read. */}
            {trendDue && log.status !== 'loading' && latest.status !== 'loading' && (
              <WeightTrendView
                trend={trend}
                challenge={challenge}
                onEdit={setEditing}
                onDelete={remove}
              />
            )}
          </>
        )}
      </Card.Body>
    </Card>
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
    formState: { errors, isSubmitting },
  } = useForm<WeightForm, unknown, { date: string; kg: number }>({
    resolver: validateOnSubmit,
    defaultValues: editing
      ? { date: editing.date, kg: String(editing.kg) }
      : { date: today, kg: '' },
  });

  const submit = handleSubmit(async ({ date, kg }) => {
    onFailure(null);
    try {
      if (editing) {
        await editWeight(editing.date, kg);
        onDone(null);
      } else {
        await logWeight(date, kg);
        reset({ date: browserToday(), kg: '' });
      }
    } catch (error) {
      onFailure((error as Error).message);
    }
  });

  return (
    <Form noValidate onSubmit={submit} className="row g-2 align-items-start">
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
        <Button type="submit" variant="success" disabled={isSubmitting}>
          {editing ? 'Save weight' : 'Log weight'}
        </Button>
        {editing && (
          <Button variant="outline-secondary" onClick={() => onDone(null)}>
            Cancel
          </Button>
        )}
      </div>
    </Form>
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
      <Table size="sm" className="mb-0 weight-rows">
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
                    <Button
                      size="sm"
                      variant="link"
                      className="px-2"
                      aria-label={`Edit the weight of ${day}`}
                      onClick={() => onEdit(point)}
                    >
                      Edit
                    </Button>
                    <Button
                      size="sm"
                      variant="link"
                      className="px-2 link-secondary"
                      aria-label={`Delete the weight of ${day}`}
                      onClick={() => onDelete(point.date)}
                    >
                      Delete
                    </Button>
                  </td>
                </tr>
              );
            })}
        </tbody>
      </Table>
      {trend.points.length > ROWS_SHOWN && (
        <Button variant="link" size="sm" className="px-0" onClick={() => setShowAll(!showAll)}>
          {showAll
            ? `Show the latest ${ROWS_SHOWN} entries`
            : `Show all ${trend.points.length} entries`}
        </Button>
      )}
    </>
  );
});
