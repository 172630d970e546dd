import { useId, type ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import type { FieldError } from 'react-hook-form';

/** What a control inside a FormField must spread so its state and error reach screen readers. */
export interface FieldControlProps {
  isInvalid: boolean;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

interface FormFieldProps {
  label: string;
  error?: FieldError;
  children: (control: FieldControlProps) => ReactNode;
}

/** The label, the control and its announced error: the frame every form input shares. */
export function FormField({ label, error, children }: FormFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      {children({
        isInvalid: Boolean(error),
        'aria-invalid': Boolean(error),
        'aria-describedby': error ? errorId : undefined,
      })}
      {error?.message && (
        <Form.Control.Feedback type="invalid" id={errorId}>
          {error.message}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  );
}
