import { useLayoutEffect } from 'react';

const PRODUCT_NAME = 'ChallangeX';

/** "Page · ChallangeX" for a page's own name, the product name alone when there is none. */
export function documentTitle(pageName?: string | null): string {
  const name = pageName?.trim();
  return name ? `${name} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/**
 * Names the browser tab after the page (and what it shows: a challenge's title, a member's name), so tabs,
 * history and shared bookmarks say what they are. `null` while the page's own data is loading keeps the
 * previous title rather than flashing the bare product name. Set in the commit that draws the page (a
 * layout effect), so the title never lags behind what is on screen.
 */
export function useDocumentTitle(pageName: string | null | undefined): void {
  useLayoutEffect(() => {
    if (pageName === null) return;
    document.title = documentTitle(pageName);
  }, [pageName]);
}
