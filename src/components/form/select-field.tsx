import type { SelectHTMLAttributes } from 'react';
import Form from 'react-bootstrap/Form';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from './form-field';

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

/** A labelled select wired to react-hook-form. */
export function SelectField({
  label,
  options,
  placeholder,
  registration,
  error,
  ...selectProps
}: SelectFieldProps) {
  return (
    <FormField label={label} error={error}>
      {(control) => (
        <Form.Select {...control} {...selectProps} {...registration}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Form.Select>
      )}
    </FormField>
  );
}
