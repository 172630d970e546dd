import type { TextareaHTMLAttributes } from 'react';
import Form from 'react-bootstrap/Form';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from './form-field';

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value'> {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError;
}

/** A labelled multi-line input wired to react-hook-form. */
export function TextAreaField({
  label,
  registration,
  error,
  rows = 3,
  ...textAreaProps
}: TextAreaFieldProps) {
  return (
    <FormField label={label} error={error}>
      {(control) => (
        <Form.Control as="textarea" rows={rows} {...control} {...textAreaProps} {...registration} />
      )}
    </FormField>
  );
}
