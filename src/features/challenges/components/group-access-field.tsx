import Form from 'react-bootstrap/Form';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { GroupAccess } from '@domain/challenges/group-records';
import { GROUP_ACCESS_OPTIONS } from '../lib/group-access-options';

type GroupAccessFieldProps = { idPrefix: string; disabled?: boolean } & (
  | { registration: UseFormRegisterReturn; value?: undefined; onChange?: undefined }
  | { registration?: undefined; value: GroupAccess; onChange: (access: GroupAccess) => void }
);

/** "Who can join": a form field when registered, or a controlled choice (the owner's page). */
export function GroupAccessField({
  idPrefix,
  disabled,
  registration,
  value,
  onChange,
}: GroupAccessFieldProps) {
  return (
    <fieldset className="mt-3 mb-3" disabled={disabled}>
      <legend className="form-label fs-6">Who can join</legend>
      {GROUP_ACCESS_OPTIONS.map((option) => (
        <Form.Check
          key={option.value}
          type="radio"
          id={`${idPrefix}-${option.value}`}
          label={option.label}
          value={option.value}
          {...(registration ?? {
            name: `${idPrefix}-access`,
            checked: value === option.value,
            onChange: () => onChange?.(option.value),
          })}
        />
      ))}
    </fieldset>
  );
}
