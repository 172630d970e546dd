import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { TextField } from '@/components/form/text-field';
import { authErrorReason } from '../api/auth-error-reason';
import { toastErrorWithReason, toastSuccess } from '@/lib/toast';
import { useBusy } from '@/hooks/use-busy';
import { useDocumentTitle } from '@/hooks/use-document-title';
import {
  forgetPasswordInputSchema,
  requestPasswordReset,
  type ForgetPasswordInput,
} from '../api/password-reset';
import { AuthCard } from './auth-card';
import { FailureAlert } from './failure-alert';

export function ForgetPasswordPage() {
  useDocumentTitle('Forget password');
  const { whileBusy } = useBusy();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failureReason, setFailureReason] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgetPasswordInput>({
    resolver: zodResolver(forgetPasswordInputSchema),
    mode: 'onTouched',
  });

  const onSubmit = async (input: ForgetPasswordInput) => {
    setFailureReason(null);
    try {
      await whileBusy(requestPasswordReset(input));
      setSentTo(input.email);
      toastSuccess('Password reset email sent');
    } catch (error) {
      const reason = authErrorReason(error);
      setFailureReason(reason);
      toastErrorWithReason('Error sending password reset email', reason);
    }
  };

  return (
    <AuthCard title="Forget Password">
      {sentTo && (
        <Alert variant="success" role="status">
          Check {sentTo} for a link to set a new password.
        </Alert>
      )}
      <FailureAlert reason={failureReason} />
      <Form noValidate onSubmit={handleSubmit(onSubmit)}>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          registration={register('email')}
          error={errors.email}
        />
        <Button type="submit" variant="success" className="w-100 mb-3" disabled={isSubmitting}>
          Send reset link
        </Button>
      </Form>
      <p className="mb-0 text-center">
        <Link to="/login">Login</Link>
      </p>
    </AuthCard>
  );
}
