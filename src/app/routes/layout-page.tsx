import { Outlet } from 'react-router-dom';

/** SPEC's layout page: the nested page beside the sidebar (stacked below it on phones). */
export function LayoutPage() {
  return (
    <div className="container py-4">
      <div className="row g-4">
        <div className="col-lg-8">
          <Outlet />
        </div>
        <aside className="col-lg-4" aria-label="Sidebar" />
      </div>
    </div>
  );
}
