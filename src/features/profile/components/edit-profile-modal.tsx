import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { SelectField } from '@/components/form/select-field';
import { TextAreaField } from '@/components/form/text-area-field';
import { TextField } from '@/components/form/text-field';
import { ACTIVITY_LEVELS, INPUT_LIMITS, SEXES } from '@domain/constants';
import {
  LocationField,
  MEASUREMENT_FIELDS,
  MeasurementField,
  PreferenceField,
} from '@/components/form/plan-fields';
import { useBusy } from '@/hooks/use-busy';
import { toastError, toastSuccess } from '@/lib/toast';
import {
  profileFormSchema,
  REQUIRED_PROFILE_FIELDS,
  type ProfileFormValues,
  type ProfileUpdate,
} from '@domain/members/profile-form-schema';
import {
  MISSING_PROFILE_FIELDS_MESSAGE,
  saveProfileInfo,
  saveSocialLinks,
  socialLinksOf,
  spreadDisplayName,
} from '../api/update-profile';
import { useProfileFormValues } from '../api/use-profile-form-values';

const ACTIVITY_LABELS: Record<string, string> = {
  sedentary: 'Sedentary (little exercise)',
  light: 'Light (1–3 days a week)',
  moderate: 'Moderate (3–5 days a week)',
  active: 'Active (6–7 days a week)',
  'very-active': 'Very active (physical job or twice a day)',
};
const SOCIAL_FIELDS = [
  { name: 'facebook', label: 'Facebook', example: 'https://facebook.com/you' },
  { name: 'instagram', label: 'Instagram', example: 'https://instagram.com/you' },
  { name: 'twitter', label: 'Twitter', example: 'https://twitter.com/you' },
  { name: 'linkedin', label: 'LinkedIn', example: 'https://linkedin.com/in/you' },
] as const;

interface EditProfileModalProps {
  uid: string;
  show: boolean;
  onHide: () => void;
}

/** The product's Edit profile modal; also opened by About's Take Challenge and the create-challenge completeness check. */
export function EditProfileModal({ uid, show, onHide }: EditProfileModalProps) {
  const [attempt, setAttempt] = useState(0);
  return (
    <Modal show={show} onHide={onHide} size="lg" aria-labelledby="edit-profile-title" scrollable>
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id="edit-profile-title">Edit profile</Modal.Title>
      </Modal.Header>
      {/* The modal unmounts its content when hidden, so every opening reads fresh values. */}
      <EditProfileContent
        key={attempt}
        uid={uid}
        onDone={onHide}
        onRetry={() => setAttempt((count) => count + 1)}
      />
    </Modal>
  );
}

function EditProfileContent({
  uid,
  onDone,
  onRetry,
}: {
  uid: string;
  onDone: () => void;
  onRetry: () => void;
}) {
  const load = useProfileFormValues(uid);
  if (load.status === 'ready')
    return <EditProfileForm uid={uid} initialValues={load.value} onDone={onDone} />;
  if (load.status === 'error') {
    return (
      <Modal.Body>
        <Alert variant="danger" className="d-flex justify-content-between align-items-center mb-0">
          We could not load your profile.
          <Button variant="outline-danger" size="sm" onClick={onRetry}>
            Try again
          </Button>
        </Alert>
      </Modal.Body>
    );
  }
  return (
    <Modal.Body className="text-center py-5" role="status">
      <Spinner animation="border" variant="success" />
      <span className="visually-hidden">Loading your profile…</span>
    </Modal.Body>
  );
}

function EditProfileForm({
  uid,
  initialValues,
  onDone,
}: {
  uid: string;
  initialValues: ProfileFormValues;
  onDone: () => void;
}) {
  const { whileBusy } = useBusy();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<ProfileFormValues, unknown, ProfileUpdate>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: initialValues,
  });

  // The schema marks each blank completeness field; the product's toast says why nothing was saved.
  const onInvalid = () => {
    const values = getValues();
    if (REQUIRED_PROFILE_FIELDS.some((field) => values[field].trim() === ''))
      toastError(MISSING_PROFILE_FIELDS_MESSAGE);
  };

  const onSubmit = async (update: ProfileUpdate) => {
    try {
      await whileBusy(saveProfileInfo(uid, update));
    } catch {
      toastError('Failed to update profile info');
      return;
    }
    if (update.displayName !== initialValues.displayName.trim()) {
      try {
        await whileBusy(spreadDisplayName(update.displayName));
      } catch {
        toastError(
          'Your new name is saved, but your challenge cards may still show the old one. Save again to retry.',
        );
        return;
      }
    }
    const links = socialLinksOf(update);
    const linksChanged = SOCIAL_FIELDS.some(
      ({ name }) => links[name] !== initialValues[name].trim(),
    );
    if (linksChanged) {
      try {
        await whileBusy(saveSocialLinks(uid, links));
      } catch {
        toastError('Failed to update social links');
        return;
      }
    }
    // One toast at a time: a second one would replace the first before it is read.
    toastSuccess(
      linksChanged ? 'Social links updated successfully' : 'Profile info updated successfully',
    );
    onDone();
  };

  return (
    <Form noValidate onSubmit={handleSubmit(onSubmit, onInvalid)} style={{ display: 'contents' }}>
      <Modal.Body>
        <p className="text-body-secondary small">
          Location, height, weight, age and preference are needed to create a challenge. Height,
          weight and age are private: only you can see them.
        </p>
        <TextField
          label="Display name"
          autoComplete="nickname"
          maxLength={INPUT_LIMITS.displayName}
          registration={register('displayName')}
          error={errors.displayName}
        />
        <ProfileFields register={register} errors={errors} />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" variant="success" disabled={isSubmitting}>
          Save changes
        </Button>
      </Modal.Footer>
    </Form>
  );
}

interface ProfileFieldsProps {
  register: UseFormRegister<ProfileFormValues>;
  errors: FieldErrors<ProfileFormValues>;
}

function ProfileFields({ register, errors }: ProfileFieldsProps) {
  return (
    <>
      <Row className="g-x-3">
        <Col md={6}>
          <LocationField registration={register('location')} error={errors.location} />
        </Col>
        <Col md={6}>
          <PreferenceField registration={register('preference')} error={errors.preference} />
        </Col>
        {MEASUREMENT_FIELDS.map((field) => (
          <Col xs={4} key={field}>
            <MeasurementField
              measurement={field}
              registration={register(field)}
              error={errors[field]}
            />
          </Col>
        ))}
        <Col md={6}>
          <SelectField
            label="Sex (optional, improves your targets)"
            placeholder="Prefer not to say"
            options={SEXES.map((value) => ({
              value,
              label: value === 'male' ? 'Male' : 'Female',
            }))}
            registration={register('sex')}
            error={errors.sex}
          />
        </Col>
        <Col md={6}>
          <SelectField
            label="Activity (optional)"
            placeholder="Not sure"
            options={ACTIVITY_LEVELS.map((value) => ({
              value,
              label: ACTIVITY_LABELS[value] ?? value,
            }))}
            registration={register('activity')}
            error={errors.activity}
          />
        </Col>
      </Row>
      <TextAreaField
        label="Bio (optional)"
        maxLength={INPUT_LIMITS.bio}
        registration={register('bio')}
        error={errors.bio}
      />
      <fieldset>
        <legend className="fs-6 fw-semibold">Social links (optional, https only)</legend>
        <Row>
          {SOCIAL_FIELDS.map(({ name, label, example }) => (
            <Col md={6} key={name}>
              <TextField
                label={label}
                type="url"
                inputMode="url"
                placeholder={example}
                maxLength={INPUT_LIMITS.url}
                registration={register(name)}
                error={errors[name]}
              />
            </Col>
          ))}
        </Row>
      </fieldset>
    </>
  );
}
