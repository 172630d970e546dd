import Alert from 'react-bootstrap/Alert';

/** Why the form's last attempt failed (src/lib/error-messages.ts), announced and kept until the next try. */
export function FailureAlert({ reason }: { reason: string | null }) {
  if (!reason) return null;
  return (
    <Alert variant="danger" role="alert" className="small">
      {reason}
    </Alert>
  );
}
