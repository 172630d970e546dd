import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useForm } from 'react-hook-form';
import {
  LocationField,
  MEASUREMENT_FIELDS,
  MeasurementField,
  PreferenceField,
} from '@/components/form/plan-fields';
import { INCOMPLETE_PROFILE_MESSAGE } from '@domain/constants';
import { useBusy } from '@/hooks/use-busy';
import { toastError } from '@/lib/toast';
import {
  planFieldsSchema,
  savePlanFields,
  type PlanField,
  type PlanFieldValues,
} from '../api/plan-fields';

interface PlanSetupModalProps {
  uid: string;
  /** The plan fields the member's profile lacks; only these are asked. */
  missing: readonly PlanField[];
  onHide: () => void;
  /** Called once the fields are stored: the create-challenge form comes next. */
  onSaved: () => void;
}

/**
 * "Set up your plan" (docs/product.md, "First run"): a member whose profile lacks what a plan needs fills in
 * just that here, instead of being sent away to their profile, and goes straight on to creating the challenge.
 */
export function PlanSetupModal({ uid, missing, onHide, onSaved }: PlanSetupModalProps) {
  const { whileBusy } = useBusy();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PlanFieldValues, unknown, Record<string, unknown>>({
    resolver: zodResolver(planFieldsSchema(missing)),
    mode: 'onTouched',
  });
  const asks = (field: PlanField) => missing.includes(field);

  const submit = handleSubmit(async (values) => {
    try {
      await whileBusy(savePlanFields(uid, values));
      onSaved();
    } catch {
      toastError('Failed to update profile info');
    }
  });

  return (
    <Modal show onHide={onHide} centered aria-labelledby="plan-setup-title">
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton closeLabel="Close">
          <Modal.Title id="plan-setup-title">Set up your plan</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>{INCOMPLETE_PROFILE_MESSAGE}</p>
          <p className="small text-body-secondary">
            Your plan is sized to your body and goal. This is saved to your profile, where you can
            change it later.
          </p>
          {asks('location') && (
            <LocationField registration={register('location')} error={errors.location} />
          )}
          {MEASUREMENT_FIELDS.filter(asks).map((field) => (
            <MeasurementField
              key={field}
              measurement={field}
              registration={register(field)}
              error={errors[field]}
            />
          ))}
          {asks('preference') && (
            <PreferenceField registration={register('preference')} error={errors.preference} />
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onHide}>
            Cancel
          </Button>
          <Button type="submit" variant="success" disabled={isSubmitting}>
            Save and continue
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
