import { useId } from 'react';
import type { ReminderDevice } from '@domain/api/reminders';
import { isHandheld } from '@/services/web-push';

/** The member's devices that take reminders: "This phone · Chrome on Android · Remove". */
export function ReminderDevices({
  devices,
  thisDevice,
  disabled,
  onRemove,
}: {
  devices: ReminderDevice[];
  thisDevice: string | null;
  disabled: boolean;
  onRemove: (deviceId: string) => void;
}) {
  const headingId = useId();
  if (devices.length === 0) return null;
  const here = isHandheld() ? 'This phone' : 'This computer';
  return (
    <>
      <h3 id={headingId} className="h6 mt-4">
        Devices
      </h3>
      <ul className="list-group" aria-labelledby={headingId}>
        {devices.map((device) => {
          const labelId = `${headingId}-${device.deviceId}`;
          return (
            <li
              key={device.deviceId}
              className="list-group-item d-flex flex-wrap align-items-center gap-2"
            >
              <span id={labelId}>
                {device.deviceId === thisDevice ? `${here} · ${device.label}` : device.label}
              </span>
              <span aria-hidden="true">·</span>
              <button
                type="button"
                className="btn btn-link btn-sm p-0 text-danger"
                aria-describedby={labelId}
                disabled={disabled}
                onClick={() => onRemove(device.deviceId)}
              >
                Remove
              </button>
            </li>
          );
        })}
      </ul>
    </>
  );
}
