import { useId } from 'react';

interface ReminderSwitchProps {
  label: string;
  /** A line under the label, read with the switch (aria-describedby). */
  hint?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}

/** One on/off choice: a checkbox with the switch role, so a screen reader says "switch, on". */
export function ReminderSwitch({ label, hint, checked, disabled, onChange }: ReminderSwitchProps) {
  const id = useId();
  return (
    <div className="form-check form-switch mb-2">
      <input
        id={id}
        className="form-check-input"
        type="checkbox"
        role="switch"
        checked={checked}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label className="form-check-label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <div id={`${id}-hint`} className="form-text mt-0">
          {hint}
        </div>
      )}
    </div>
  );
}
