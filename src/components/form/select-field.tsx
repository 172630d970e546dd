import { useId, type SelectHTMLAttributes } from 'react';
import Form from 'react-bootstrap/Form';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

export interface SelectOption {
  value: string | number;
  label: string;
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'size' | 'value'> {
  label: string;
  options: readonly SelectOption[];
  /** Label of the empty first choice; omit to have none. */
  placeholder?: string;
  registration: UseFormRegisterReturn;
  error?: FieldError;
}

/** A labelled select wired to react-hook-form, with its error announced to screen readers. */
export function SelectField({
  label,
  options,
  placeholder,
  registration,
  error,
  ...selectProps
}: SelectFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Select
        isInvalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? errorId : undefined}
        {...selectProps}
        {...registration}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Form.Select>
      {error?.message && (
        <Form.Control.Feedback type="invalid" id={errorId}>
          {error.message}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  );
}
