import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { INPUT_LIMITS, LOCATIONS, PREFERENCES } from '@domain/constants';
import { SelectField } from './select-field';
import { TextField } from './text-field';

/**
 * The profile fields a plan is sized from, defined once for Edit profile and "Set up your plan"
 * (docs/product.md, "First run"): the same labels, choices and bounds in both forms.
 */
interface PlanFieldProps {
  registration: UseFormRegisterReturn;
  error?: FieldError;
}

const asOptions = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

export function LocationField(props: PlanFieldProps) {
  return (
    <SelectField
      label="Location"
      placeholder="Choose your city"
      options={asOptions(LOCATIONS)}
      {...props}
    />
  );
}

export function PreferenceField(props: PlanFieldProps) {
  return (
    <SelectField
      label="Preference"
      placeholder="Choose your food preference"
      options={asOptions(PREFERENCES)}
      {...props}
    />
  );
}

const MEASUREMENTS = {
  height: { label: 'Height (cm)', inputMode: 'decimal', limits: INPUT_LIMITS.height },
  weight: { label: 'Weight (kg)', inputMode: 'decimal', limits: INPUT_LIMITS.weight },
  age: { label: 'Age', inputMode: 'numeric', limits: INPUT_LIMITS.age },
} as const;

export type Measurement = keyof typeof MEASUREMENTS;
export const MEASUREMENT_FIELDS = Object.keys(MEASUREMENTS) as Measurement[];

export function MeasurementField({
  measurement,
  ...props
}: PlanFieldProps & { measurement: Measurement }) {
  const { label, inputMode, limits } = MEASUREMENTS[measurement];
  return (
    <TextField
      label={label}
      type="number"
      inputMode={inputMode}
      min={limits.min}
      max={limits.max}
      {...props}
    />
  );
}
