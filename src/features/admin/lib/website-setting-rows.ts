import type { WebsiteRecord } from '../api/admin-records';

/** Flattens the website record to key/value lines; collections show how many entries they hold. */
export function websiteSettingRows(
  website: WebsiteRecord | null,
): Array<{ key: string; value: string }> {
  const rows: Array<{ key: string; value: string }> = [];
  const visit = (prefix: string, value: unknown) => {
    if (value !== null && typeof value === 'object') {
      if (prefix === 'subscribers' || prefix === 'contact') {
        rows.push({ key: prefix, value: `${Object.keys(value).length} entries` });
        return;
      }
      Object.entries(value).forEach(([key, child]) =>
        visit(prefix ? `${prefix}/${key}` : key, child),
      );
      return;
    }
    rows.push({ key: prefix, value: String(value) });
  };
  visit('', website ?? {});
  return rows;
}
