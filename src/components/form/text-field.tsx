import { useId, type InputHTMLAttributes } from 'react';
import Form from 'react-bootstrap/Form';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'value'> {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError;
}

/** A labelled input wired to react-hook-form, with its error announced to screen readers. */
export function TextField({
  label,
  registration,
  error,
  type = 'text',
  ...inputProps
}: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type={type}
        isInvalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
        {...inputProps}
        {...registration}
      />
      {error?.message && (
        <Form.Control.Feedback type="invalid" id={errorId}>
          {error.message}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  );
}
