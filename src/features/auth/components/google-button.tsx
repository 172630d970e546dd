import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useForm } from 'react-hook-form';
import { TextField } from '@/components/form/text-field';
import { googleSignInUsesTestAccounts, type GoogleTestAccount } from '@/services/auth';
import { googleTestAccountSchema, loginWithGoogle } from '../api/login';
import { useSignIn } from '../hooks/use-sign-in';
import { FailureAlert } from './failure-alert';

/** Google sign-in: the real popup in production, a test-account dialog against the Auth emulator. */
export function GoogleButton({ label }: { label: string }) {
  const { signIn, failureReason } = useSignIn();
  const [choosingAccount, setChoosingAccount] = useState(false);
  const onClick = () => {
    if (googleSignInUsesTestAccounts) setChoosingAccount(true);
    else void signIn(() => loginWithGoogle());
  };
  return (
    <>
      <FailureAlert reason={failureReason} />
      <Button variant="outline-dark" className="w-100" type="button" onClick={onClick}>
        <span aria-hidden="true" className="me-2 fw-bold">
          G
        </span>
        {label}
      </Button>
      {choosingAccount && (
        <TestAccountDialog
          onCancel={() => setChoosingAccount(false)}
          onChoose={async (account) => {
            const signedIn = await signIn(() => loginWithGoogle(account));
            // A failure's reason is shown beside the button, so the dialog steps aside.
            if (!signedIn) setChoosingAccount(false);
            return signedIn;
          }}
        />
      )}
    </>
  );
}

interface TestAccountDialogProps {
  onCancel(): void;
  onChoose(account: GoogleTestAccount): Promise<boolean>;
}

function TestAccountDialog({ onCancel, onChoose }: TestAccountDialogProps) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<GoogleTestAccount>({
    resolver: zodResolver(googleTestAccountSchema),
    mode: 'onTouched',
  });
  return (
    <Modal show onHide={onCancel} centered aria-labelledby="google-test-account-title">
      <Form noValidate onSubmit={handleSubmit(onChoose)}>
        <Modal.Header closeButton>
          <Modal.Title id="google-test-account-title" as="h2" className="h5">
            Google account (Auth emulator)
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="text-body-secondary small">
            Locally, Google sign-in goes through the Auth emulator: name any test account.
          </p>
          <TextField
            label="Google email"
            type="email"
            registration={register('email')}
            error={errors.email}
          />
          <TextField
            label="Display name"
            registration={register('displayName')}
            error={errors.displayName}
          />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" variant="success" disabled={isSubmitting}>
            Sign in with Google.com
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
