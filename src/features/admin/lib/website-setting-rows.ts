import type { WebsiteSettingsRecord } from '../api/admin-records';

/** Flattens the website settings (banner, social links) to key/value lines. */
export function websiteSettingRows(
  website: WebsiteSettingsRecord | null,
): Array<{ key: string; value: string }> {
  const rows: Array<{ key: string; value: string }> = [];
  const visit = (prefix: string, value: unknown) => {
    if (value !== null && typeof value === 'object') {
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
