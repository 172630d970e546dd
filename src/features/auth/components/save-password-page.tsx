import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { TextField } from '@/components/form/text-field';
import { useAsync } from '@/hooks/use-loadable';
import { useBusy } from '@/hooks/use-busy';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { authErrorReason } from '../api/auth-error-reason';
import { toastError, toastErrorWithReason, toastSuccess } from '@/lib/toast';
import {
  checkResetLink,
  isDeadResetLink,
  resetFailureTitle,
  saveResetPassword,
  savePasswordInputSchema,
  type SavePasswordInput,
} from '../api/password-reset';
import { AuthCard } from './auth-card';
import { FailureAlert } from './failure-alert';

/**
 * Where the reset email's link lands (the console's custom action URL, docs/deploy.md):
 * `/save-password?mode=resetPassword&oobCode=…`. The code is checked on arrival, so an expired or used link
 * says so before the member types a password.
 */
export function SavePasswordPage() {
  useDocumentTitle('Save new password');
  const [searchParams] = useSearchParams();
  const oobCode = searchParams.get('oobCode');
  // The project's action URL serves every email template; only a reset is handled here. A link without
  // `mode` (typed by hand) is taken as a reset.
  const mode = searchParams.get('mode');
  const resetCode = oobCode && (mode === null || mode === 'resetPassword') ? oobCode : null;
  const link = useAsync(resetCode, () => checkResetLink(resetCode!));
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
    if (!resetCode) {
      toastError('Invalid reset link or password');
      return;
    }
    setFailureReason(null);
    try {
      await whileBusy(saveResetPassword(resetCode, input));
      toastSuccess('Password reset successful');
      navigate('/login', { replace: true });
    } catch (error) {
      const reason = authErrorReason(error);
      setFailureReason(reason);
      toastErrorWithReason(resetFailureTitle(error), reason);
    }
  };

  const linkIsDead = link.status === 'error' && isDeadResetLink(link.error);
  const shownFailure =
    failureReason ?? (link.status === 'error' ? authErrorReason(link.error) : null);
  return (
    <AuthCard title="Save New Password">
      {!oobCode && (
        <Alert variant="warning">
          This link has no reset code. <Link to="/forget-password">Request a new link</Link>.
        </Alert>
      )}
      {oobCode && !resetCode && (
        <Alert variant="warning">
          This link is not a password reset link.{' '}
          <Link to="/forget-password">Request a new link</Link>.
        </Alert>
      )}
      {link.status === 'ready' && (
        <p className="text-center text-body-secondary">
          Choose a new password for <strong>{link.value}</strong>.
        </p>
      )}
      <FailureAlert reason={shownFailure} />
      {linkIsDead && (
        <p className="text-center">
          <Link to="/forget-password">Request a new link</Link>
        </p>
      )}
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
          disabled={isSubmitting || !resetCode || linkIsDead}
        >
          Save password
        </Button>
      </Form>
    </AuthCard>
  );
}
