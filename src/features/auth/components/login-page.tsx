import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router-dom';
import { TextField } from '@/components/form/text-field';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { returnAddressIn, signInAddress } from '@/lib/return-address';
import { login, loginInputSchema, type LoginInput } from '../api/login';
import { useSignIn } from '../hooks/use-sign-in';
import { AuthCard } from './auth-card';
import { FailureAlert } from './failure-alert';
import { GoogleButton } from './google-button';

export function LoginPage() {
  useDocumentTitle('Login');
  // Switching between login and register keeps where the visitor is to be brought back to.
  const { search } = useLocation();
  const { signIn, failureReason } = useSignIn();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({ resolver: zodResolver(loginInputSchema), mode: 'onTouched' });

  return (
    <AuthCard title="Login">
      <FailureAlert reason={failureReason} />
      <Form noValidate onSubmit={handleSubmit((input) => signIn(() => login(input)))}>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          registration={register('email')}
          error={errors.email}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          registration={register('password')}
          error={errors.password}
        />
        <div className="d-flex justify-content-end mb-3">
          <Link to="/forget-password">Forgot Password</Link>
        </div>
        <Button type="submit" variant="success" className="w-100 mb-3" disabled={isSubmitting}>
          Login
        </Button>
      </Form>
      <GoogleButton label="Login with Google" />
      <p className="mt-3 mb-0 text-center">
        New here? <Link to={signInAddress('/register', returnAddressIn(search))}>Register</Link>
      </p>
    </AuthCard>
  );
}
