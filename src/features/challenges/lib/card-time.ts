import { format } from 'date-fns';

/** SPEC §9: cards display times like "h:mm a MMM d, y". */
export function cardTime(epochMs: number | undefined): string | null {
  if (typeof epochMs !== 'number' || !Number.isFinite(epochMs)) return null;
  return format(epochMs, 'h:mm a MMM d, y');
}
