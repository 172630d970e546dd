import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import {
  PROOF_REPORT_REASON_LABELS,
  PROOF_REPORT_REASONS,
  type ProofReportReason,
} from '@domain/challenges/group-records';
import { type MealKey } from '@domain/challenges/meal-key';
import { z } from '@domain/zod';
import { ApiError } from '@/services/api-client';
import { reportProof } from '../api/group-challenge-api';

const reportFormSchema = z.object({
  reason: z.enum(PROOF_REPORT_REASONS, { message: 'Choose why you report this photo' }),
});
type ReportFormInput = { reason: ProofReportReason };

export const REPORTED_TEXT = 'Thanks — the photo was reported';

interface ReportProofFormProps {
  challengeId: string;
  uid: string;
  meal: MealKey;
  /** After a report went through (the dialog shows REPORTED_TEXT), or on Cancel (false). */
  onDone: (reported: boolean) => void;
}

/**
 * The Report form under another member's proof photo (docs/product.md, "Report a photo"): a reason from the
 * list, then the API, which accepts one report per member per photo; its refusals ("You have already
 * reported this photo", not a member) are shown as it words them.
 */
export function ReportProofForm({ challengeId, uid, meal, onDone }: ReportProofFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ReportFormInput>({ resolver: zodResolver(reportFormSchema) });

  const submit = handleSubmit(async ({ reason }) => {
    setFailure(null);
    try {
      await reportProof(challengeId, uid, meal, reason);
      onDone(true);
    } catch (error) {
      setFailure(
        error instanceof ApiError && error.status < 500
          ? error.message
          : 'The report could not be sent. Check your connection and try again.',
      );
    }
  });

  const errorId = `report-${uid}-${meal}-error`;
  return (
    <Form noValidate onSubmit={submit} aria-label="Report this photo" className="mt-3">
      <fieldset
        aria-invalid={errors.reason ? true : undefined}
        aria-describedby={errors.reason ? errorId : undefined}
      >
        <legend className="form-label fs-6">Why report this photo?</legend>
        {PROOF_REPORT_REASONS.map((reason) => (
          <Form.Check
            key={reason}
            type="radio"
            id={`report-${uid}-${meal}-${reason}`}
            label={PROOF_REPORT_REASON_LABELS[reason]}
            value={reason}
            {...register('reason')}
          />
        ))}
        {errors.reason && (
          <div id={errorId} className="text-danger small mt-1">
            {errors.reason.message}
          </div>
        )}
      </fieldset>
      {failure && (
        <Alert variant="danger" className="mt-2 mb-0" role="alert">
          {failure}
        </Alert>
      )}
      <div className="d-flex gap-2 mt-3">
        <Button type="submit" variant="danger" disabled={isSubmitting}>
          Send report
        </Button>
        <Button variant="outline-secondary" onClick={() => onDone(false)}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
