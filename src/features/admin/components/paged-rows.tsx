import { useState, type ReactNode } from 'react';
import { ADMIN_PAGE_SIZE } from '../api/admin-records';
import { PageControls } from './page-controls';

interface PagedRowsProps<T> {
  /** Every row, already read: this pages what is shown, not what is read. */
  rows: readonly T[];
  /** Plural noun for the page buttons (e.g. "website settings"). */
  subject: string;
  pageSize?: number;
  /** Renders the page on screen (inside its scroll box). */
  children: (pageRows: readonly T[]) => ReactNode;
}

/**
 * An admin list read in one go, shown a page at a time with the same previous/next as the lists read a page at a
 * time (PagedBox), so no list runs on past its 300 px box (docs/product.md#roles).
 */
export function PagedRows<T>({
  rows,
  subject,
  pageSize = ADMIN_PAGE_SIZE,
  children,
}: PagedRowsProps<T>) {
  const [pageNumber, setPageNumber] = useState(1);
  const pageCount = Math.max(1, Math.ceil(rows.length / pageSize));
  // A list that shrank (a row unhidden) shows its last page rather than an empty one.
  const shown = Math.min(pageNumber, pageCount);
  return (
    <>
      {children(rows.slice((shown - 1) * pageSize, shown * pageSize))}
      <PageControls
        subject={subject}
        pageNumber={shown}
        pageCount={pageCount}
        hasPrevious={shown > 1}
        hasNext={shown < pageCount}
        onPrevious={() => setPageNumber(shown - 1)}
        onNext={() => setPageNumber(shown + 1)}
      />
    </>
  );
}
