import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useForm } from 'react-hook-form';
import { TextField } from '@/components/form/text-field';
import { useBusy } from '@/hooks/use-busy';
import { toastError, toastSuccess } from '@/lib/toast';
import type { ChallengeRef } from '@domain/challenges/challenge-record';
import {
  editChallengeTitle,
  editTitleInputSchema,
  type EditTitleInput,
} from '../api/edit-challenge-title';

interface EditTitleModalProps {
  challenge: ChallengeRef;
  show: boolean;
  onHide: () => void;
}

export function EditTitleModal({ challenge, show, onHide }: EditTitleModalProps) {
  const { whileBusy } = useBusy();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<EditTitleInput>({
    resolver: zodResolver(editTitleInputSchema),
    defaultValues: { title: challenge.title },
    mode: 'onTouched',
  });

  const submit = handleSubmit(async (input) => {
    try {
      await whileBusy(editChallengeTitle(challenge, input));
      toastSuccess('Challenge updated successfully');
      onHide();
    } catch {
      toastError('Error updating challenge');
    }
  });

  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby="edit-challenge-title">
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton closeLabel="Close">
          <Modal.Title id="edit-challenge-title">Edit challenge</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <TextField
            label="Title"
            registration={register('title')}
            error={errors.title}
            autoComplete="off"
          />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onHide}>
            Cancel
          </Button>
          <Button type="submit" variant="success" disabled={isSubmitting}>
            Save
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
