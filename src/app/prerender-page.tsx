import { prerender } from 'react-dom/static';
import { PrerenderedApp } from './prerendered-app';

/**
 * The build's server entry (build-plugins/prerender-public-pages.ts; docs/architecture.md, "Prerendered public
 * pages"): the HTML of #root for a visitor at `pathname`, every lazy screen waited for. What the screens read
 * stays in its loading state (placeholders), which the client fills in.
 */
export async function prerenderPage(pathname: string): Promise<string> {
  const errors: unknown[] = [];
  // React would render a failing part's fallback and leave it to the client: the build stops instead.
  const { prelude } = await prerender(<PrerenderedApp pathname={pathname} />, {
    onError: (error) => void errors.push(error),
  });
  if (errors.length > 0) throw new Error(`prerendering ${pathname} failed`, { cause: errors[0] });
  return new Response(prelude).text();
}
