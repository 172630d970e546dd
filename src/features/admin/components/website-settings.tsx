import type { WebsiteSettingsRecord } from '../api/admin-records';
import { websiteSettingRows } from '../lib/website-setting-rows';
import { PagedRows } from './paged-rows';
import { ScrollBox } from './scroll-box';

/** The second 300 px box: the website settings (banner, social links) as key and value, a page at a time. */
export function WebsiteSettings({ website }: { website: WebsiteSettingsRecord | null }) {
  const rows = websiteSettingRows(website);
  return (
    <section className="mb-4">
      <h2 id="website-settings-title" className="h5">
        Website settings
      </h2>
      <PagedRows rows={rows} subject="website settings">
        {(pageRows) => (
          <ScrollBox labelledBy="website-settings-title">
            {pageRows.length === 0 ? (
              <p className="p-3 mb-0">No website settings stored yet.</p>
            ) : (
              <table className="table table-sm table-striped mb-0">
                <thead>
                  <tr>
                    <th scope="col">Key</th>
                    <th scope="col">Value</th>
                  </tr>
                </thead>
                <tbody>
                  {pageRows.map(({ key, value }) => (
                    <tr key={key}>
                      <th scope="row" className="fw-normal font-monospace small text-break">
                        {key}
                      </th>
                      <td className="text-break small">{value}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </ScrollBox>
        )}
      </PagedRows>
    </section>
  );
}
