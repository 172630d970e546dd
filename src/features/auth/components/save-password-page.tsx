import { zodResolver } from '@hookform/resolvers/zod';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { TextField } from '@/components/form/text-field';
import { useState } from 'react';
import { authErrorReason } from '@/lib/error-messages';
import { toastError, toastErrorWithReason, toastSuccess } from '@/lib/toast';
import { useBusy } from '@/hooks/use-busy';
import { useDocumentTitle } from '@/hooks/use-document-title';
import {
  resetFailureTitle,
  saveResetPassword,
  savePasswordInputSchema,
  type SavePasswordInput,
} from '../api/password-reset';
import { AuthCard } from './auth-card';
import { FailureAlert } from './failure-alert';

export function SavePasswordPage() {
  useDocumentTitle('Save new password');
  const [searchParams] = useSearchParams();
  const oobCode = searchParams.get('oobCode');
  // The email's link (the console's custom action URL, docs/deploy.md) names its action; only a reset is
  // handled here. Links without `mode` (typed by hand) are taken as resets.
  const mode = searchParams.get('mode');
  const isResetLink = Boolean(oobCode) && (mode === null || mode === 'resetPassword');
  const [failureReason, setFailureReason] = useState<string | null>(null);
  const navigate = useNavigate();
  const { whileBusy } = useBusy();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SavePasswordInput>({
    resolver: zodResolver(savePasswordInputSchema),
    mode: 'onTouched',
  });

  const onSubmit = async (input: SavePasswordInput) => {
    if (!oobCode || !isResetLink) {
      toastError('Invalid reset link or password');
      return;
    }
    setFailureReason(null);
    try {
      await whileBusy(saveResetPassword(oobCode, input));
      toastSuccess('Password reset successful');
      navigate('/login', { replace: true });
    } catch (error) {
      const reason = authErrorReason(error);
      setFailureReason(reason);
      toastErrorWithReason(resetFailureTitle(error), reason);
    }
  };

  return (
    <AuthCard title="Save New Password">
      {!oobCode && (
        <Alert variant="warning">
          This link has no reset code. <Link to="/forget-password">Request a new link</Link>.
        </Alert>
      )}
      {oobCode && !isResetLink && (
        <Alert variant="warning">
          This link is not a password reset link.{' '}
          <Link to="/forget-password">Request a reset link</Link>.
        </Alert>
      )}
      <FailureAlert reason={failureReason} />
      <Form
        noValidate
        onSubmit={handleSubmit(onSubmit, (formErrors) => {
          if (formErrors.password?.message === 'Please enter a new password')
            toastError('Please enter a new password');
        })}
      >
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          registration={register('password')}
          error={errors.password}
        />
        <Button
          type="submit"
          variant="success"
          className="w-100"
          disabled={isSubmitting || !isResetLink}
        >
          Save password
        </Button>
      </Form>
    </AuthCard>
  );
}
