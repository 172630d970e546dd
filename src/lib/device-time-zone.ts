/** The device's IANA time zone ('UTC' when the browser names none): what a member's windows start from. */
export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
