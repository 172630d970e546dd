import type { InputHTMLAttributes } from 'react';
import Form from 'react-bootstrap/Form';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from './form-field';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'value'> {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError;
}

/** A labelled input wired to react-hook-form. */
export function TextField({
  label,
  registration,
  error,
  type = 'text',
  ...inputProps
}: TextFieldProps) {
  return (
    <FormField label={label} error={error}>
      {(control) => <Form.Control type={type} {...control} {...inputProps} {...registration} />}
    </FormField>
  );
}
