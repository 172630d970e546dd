const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** An instant as the admin lists show it (the admin's locale and zone). */
export function formatAdminTime(epochMs: number): string {
  return when.format(epochMs);
}
