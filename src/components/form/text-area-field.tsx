import { useId, type TextareaHTMLAttributes } from 'react';
import Form from 'react-bootstrap/Form';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value'> {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError;
}

/** A labelled multi-line input wired to react-hook-form, with its error announced to screen readers. */
export function TextAreaField({
  label,
  registration,
  error,
  rows = 3,
  ...textAreaProps
}: TextAreaFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        as="textarea"
        rows={rows}
        isInvalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
        {...textAreaProps}
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
