import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { SelectField } from '@/components/form/select-field';
import { TextAreaField } from '@/components/form/text-area-field';
import { TextField } from '@/components/form/text-field';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSession } from '@/lib/session';
import { toastError, toastSuccess } from '@/lib/toast';
import {
  CONTACT_LIMITS,
  CONTACT_REASONS,
  contactInputSchema,
  sendContactMessage,
  type ContactInput,
} from '../api/send-contact';

/** contact (docs/product.md#routes-and-screens, docs/product.md#validation): Send Now stays disabled while the form is invalid or being sent. */
export function ContactPage() {
  useDocumentTitle('Contact');
  const { user } = useSession();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting, isValid },
  } = useForm<ContactInput>({
    resolver: zodResolver(contactInputSchema),
    mode: 'onTouched',
    defaultValues: {
      name: user?.displayName ?? '',
      email: user?.email ?? '',
      reason: '',
      message: '',
    },
  });

  const onSubmit = async (input: ContactInput) => {
    try {
      await sendContactMessage(input);
      toastSuccess('Message sent successfully');
      reset({ name: input.name, email: input.email, reason: '', message: '' });
    } catch {
      toastError('Message could not be sent. Please try again.');
    }
  };

  return (
    <div className="container py-4">
      <div className="row justify-content-center">
        <div className="col-lg-7">
          <Card className="shadow-sm">
            <Card.Body className="p-4">
              <h1 className="h3">Contact</h1>
              <p className="text-body-secondary">
                Questions, ideas or a problem? Write to the ChallangeX team.
              </p>
              <Form noValidate onSubmit={handleSubmit(onSubmit)}>
                <TextField
                  label="Name"
                  autoComplete="name"
                  maxLength={CONTACT_LIMITS.name}
                  registration={register('name')}
                  error={errors.name}
                  required
                />
                <TextField
                  label="Email"
                  type="email"
                  autoComplete="email"
                  maxLength={CONTACT_LIMITS.email}
                  registration={register('email')}
                  error={errors.email}
                  required
                />
                <SelectField
                  label="Reason (optional)"
                  placeholder="Choose a reason"
                  options={CONTACT_REASONS.map((reason) => ({ value: reason, label: reason }))}
                  registration={register('reason')}
                  error={errors.reason}
                />
                <TextAreaField
                  label="Message (optional)"
                  rows={5}
                  maxLength={CONTACT_LIMITS.message}
                  registration={register('message')}
                  error={errors.message}
                />
                <Button type="submit" variant="success" disabled={!isValid || isSubmitting}>
                  {isSubmitting ? 'Sending…' : 'Send Now'}
                </Button>
              </Form>
            </Card.Body>
          </Card>
        </div>
      </div>
    </div>
  );
}
