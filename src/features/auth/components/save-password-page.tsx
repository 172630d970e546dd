import { zodResolver } from '@hookform/resolvers/zod';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { TextField } from '@/components/form/text-field';
import { toastError, toastSuccess } from '@/lib/toast';
import { useBusy } from '@/hooks/use-busy';
import {
  resetFailureMessage,
  saveResetPassword,
  savePasswordInputSchema,
  type SavePasswordInput,
} from '../api/password-reset';
import { AuthCard } from './auth-card';

export function SavePasswordPage() {
  const [searchParams] = useSearchParams();
  const oobCode = searchParams.get('oobCode');
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
    if (!oobCode) {
      toastError('Invalid reset link or password');
      return;
    }
    try {
      await whileBusy(saveResetPassword(oobCode, input));
      toastSuccess('Password reset successful');
      navigate('/login', { replace: true });
    } catch (error) {
      toastError(resetFailureMessage(error));
    }
  };

  return (
    <AuthCard title="Save New Password">
      {!oobCode && (
        <Alert variant="warning">
          This link has no reset code. <Link to="/forget-password">Request a new link</Link>.
        </Alert>
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
          disabled={isSubmitting || !oobCode}
        >
          Save password
        </Button>
      </Form>
    </AuthCard>
  );
}
