import { zodResolver } from '@hookform/resolvers/zod';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router-dom';
import { TextField } from '@/components/form/text-field';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { returnAddressIn, signInAddress } from '@/lib/return-address';
import {
  register as registerMember,
  registerInputSchema,
  type RegisterInput,
} from '../api/register';
import { useSignIn } from '../hooks/use-sign-in';
import { AuthCard } from './auth-card';
import { FailureAlert } from './failure-alert';
import { GoogleButton } from './google-button';

export function RegisterPage() {
  useDocumentTitle('Register');
  // Switching between login and register keeps where the visitor is to be brought back to.
  const { search } = useLocation();
  const { signIn, failureReason } = useSignIn();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RegisterInput>({ resolver: zodResolver(registerInputSchema), mode: 'onTouched' });

  return (
    <AuthCard title="Register">
      <FailureAlert reason={failureReason} />
      <Form noValidate onSubmit={handleSubmit((input) => signIn(() => registerMember(input)))}>
        <TextField
          label="Name"
          autoComplete="name"
          registration={register('name')}
          error={errors.name}
        />
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
          autoComplete="new-password"
          registration={register('password')}
          error={errors.password}
        />
        <Button type="submit" variant="success" className="w-100 mb-3" disabled={isSubmitting}>
          Register
        </Button>
      </Form>
      <GoogleButton label="Register with Google" />
      <p className="mt-3 mb-0 text-center">
        Already a member? <Link to={signInAddress('/login', returnAddressIn(search))}>Login</Link>
      </p>
    </AuthCard>
  );
}
