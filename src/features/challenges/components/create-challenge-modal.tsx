import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useForm } from 'react-hook-form';
import { TextField } from '@/components/form/text-field';
import { SelectField } from '@/components/form/select-field';
import { CHALLENGE_DAYS, PREFERENCES, TARGET_BODIES } from '@domain/constants';
import { useBusy } from '@/hooks/use-busy';
import { toastError, toastSuccess } from '@/lib/toast';
import { formatTimeZone } from '@/lib/format';
import { ApiError } from '@/services/api-client';
import type { SessionUser } from '@/services/auth';
import {
  createChallenge,
  createChallengeInputSchema,
  CreateChallengeRefused,
  type CreateChallengeInput,
} from '../api/create-challenge';
import { useChallengeTimeZone } from '../hooks/use-challenge-time-zone';
import { useRefusalHandler } from '../hooks/use-refusal-handler';
import { GroupAccessField } from './group-access-field';

const dayOptions = Array.from(
  { length: CHALLENGE_DAYS.max - CHALLENGE_DAYS.min + 1 },
  (_, index) => {
    const days = CHALLENGE_DAYS.min + index;
    return { value: days, label: days === 1 ? '1 day' : `${days} days` };
  },
);
const preferenceOptions = PREFERENCES.map((preference) => ({
  value: preference,
  label: preference,
}));
const targetBodyOptions = TARGET_BODIES.map((target) => ({ value: target, label: target }));

interface CreateChallengeModalProps {
  member: Pick<SessionUser, 'uid' | 'displayName' | 'photoURL'>;
  show: boolean;
  onHide: () => void;
  /** The API answers with the new challenge's id (absent only from an older API). */
  onCreated?: (created: { challengeId?: string; title: string }) => void;
}

/** The product's create-challenge form; the API generates the meal plan. */
export function CreateChallengeModal({
  member,
  show,
  onHide,
  onCreated,
}: CreateChallengeModalProps) {
  const { whileBusy } = useBusy();
  const onRefused = useRefusalHandler(member);
  const timeZone = useChallengeTimeZone(member.uid, show);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CreateChallengeInput>({
    resolver: zodResolver(createChallengeInputSchema),
    defaultValues: { title: '', start: 'today', access: 'solo' },
    mode: 'onTouched',
  });

  const submit = handleSubmit(async (input) => {
    try {
      const { challengeId } = await whileBusy(createChallenge(member, input));
      toastSuccess('Challenge created successfully');
      reset();
      onHide();
      onCreated?.({ challengeId, title: input.title });
    } catch (error) {
      if (error instanceof CreateChallengeRefused) {
        onHide();
        onRefused(error);
      } else {
        // The API's 4xx messages say what to do (no window left today, daily cap…).
        toastError(
          error instanceof ApiError && error.status < 500
            ? error.message
            : 'Error creating challenge',
        );
      }
    }
  });

  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby="create-challenge-title">
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton closeLabel="Close">
          <Modal.Title id="create-challenge-title">Create a meal challenge</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <TextField
            label="Title"
            registration={register('title')}
            error={errors.title}
            autoComplete="off"
          />
          <SelectField
            label="Days"
            placeholder="Select days"
            options={dayOptions}
            registration={register('day', { valueAsNumber: true })}
            error={errors.day}
          />
          <SelectField
            label="Preference"
            placeholder="Select preference"
            options={preferenceOptions}
            registration={register('preference')}
            error={errors.preference}
          />
          <SelectField
            label="Target body"
            placeholder="Select target body"
            options={targetBodyOptions}
            registration={register('targetBody')}
            error={errors.targetBody}
          />
          <fieldset>
            <legend className="form-label fs-6">Start</legend>
            <Form.Check
              inline
              type="radio"
              id="start-today"
              label="Today"
              value="today"
              {...register('start')}
            />
            <Form.Check
              inline
              type="radio"
              id="start-tomorrow"
              label="Tomorrow"
              value="tomorrow"
              {...register('start')}
            />
            {timeZone && (
              <Form.Text as="p" className="mb-0">
                Meal times follow your time zone, {formatTimeZone(timeZone)}.
              </Form.Text>
            )}
          </fieldset>
          <GroupAccessField idPrefix="create-access" registration={register('access')} />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onHide}>
            Cancel
          </Button>
          <Button type="submit" variant="success" disabled={isSubmitting}>
            {isSubmitting ? 'Creating…' : 'Create Challenge'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
