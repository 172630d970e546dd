import { useLocation } from 'react-router-dom';
import { useReportMainContent } from '@/hooks/use-main-content';
import { matchAppRoute } from '../route-table';

/**
 * Declares the main content for the routes whose screen does not (route-table.ts, `mainContent`): their first
 * render is it, so what waits for the main content (the Auth SDK, small photos) does not wait for the fallback
 * of src/lib/main-content.ts. Rendered beside the routed screen, inside its Suspense boundary: it commits with
 * the screen, not before its code has arrived.
 */
export function RouteMainContent() {
  const { pathname } = useLocation();
  useReportMainContent(!matchAppRoute(pathname).route.mainContent);
  return null;
}
