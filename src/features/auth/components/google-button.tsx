import Button from 'react-bootstrap/Button';
import { loginWithGoogle } from '../api/login';
import { useSignIn } from '../hooks/use-sign-in';

export function GoogleButton({ label }: { label: string }) {
  const signIn = useSignIn();
  return (
    <Button variant="outline-dark" className="w-100" type="button" onClick={() => void signIn(loginWithGoogle)}>
      <span aria-hidden="true" className="me-2 fw-bold">
        G
      </span>
      {label}
    </Button>
  );
}
