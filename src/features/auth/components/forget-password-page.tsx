import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { TextField } from '@/components/form/text-field';
import { toastError, toastSuccess } from '@/lib/toast';
import { useBusy } from '@/hooks/use-busy';
import {
  forgetPasswordInputSchema,
  requestPasswordReset,
  type ForgetPasswordInput,
} from '../api/password-reset';
import { AuthCard } from './auth-card';

export function ForgetPasswordPage() {
  const { whileBusy } = useBusy();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgetPasswordInput>({
    resolver: zodResolver(forgetPasswordInputSchema),
    mode: 'onTouched',
  });

  const onSubmit = async (input: ForgetPasswordInput) => {
    try {
      await whileBusy(requestPasswordReset(input));
      setSentTo(input.email);
      toastSuccess('Password reset email sent');
    } catch {
      toastError('Error sending password reset email');
    }
  };

  return (
    <AuthCard title="Forget Password">
      {sentTo && (
        <Alert variant="success" role="status">
          Check {sentTo} for a link to set a new password.
        </Alert>
      )}
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
