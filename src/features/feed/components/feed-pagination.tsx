import { Link } from 'react-router-dom';
import { pageCountLabel, pageItems } from '../api/feed-paging';

interface FeedPaginationProps {
  page: number;
  /** Pages known so far; `complete` when the last of them is the feed's last page. */
  pageCount: number;
  complete: boolean;
  /** The address of a page (its ?page= parameter), so each page is a real, shareable link. */
  hrefOf: (page: number) => string;
  /** Called when a page link is followed (the list moves focus to its heading). */
  onFollow?: () => void;
}

/** A link the member cannot follow here (no previous page): announced as a disabled link. */
function DisabledStep({ label }: { label: string }) {
  return (
    <li className="page-item disabled">
      <a className="page-link" role="link" aria-disabled="true">
        {label}
      </a>
    </li>
  );
}

/** Previous / page numbers / next, with "Page 2 of 4" (docs/architecture.md#feed-paging). */
export function FeedPagination({
  page,
  pageCount,
  complete,
  hrefOf,
  onFollow,
}: FeedPaginationProps) {
  if (pageCount <= 1 && complete) return null;
  const countLabel = pageCountLabel(page, pageCount, complete);
  const hasNext = page < pageCount;
  const step = (target: number, label: string) => (
    <li className="page-item">
      <Link className="page-link" to={hrefOf(target)} onClick={onFollow}>
        {label}
      </Link>
    </li>
  );

  return (
    <nav aria-label="Feed pages" className="d-flex flex-wrap align-items-center gap-2">
      <ul className="pagination flex-wrap mb-0">
        {page > 1 ? step(page - 1, 'Previous') : <DisabledStep label="Previous" />}
        {pageItems(page, pageCount).map((item, position) =>
          item === 'gap' ? (
            <li key={`gap-${position}`} className="page-item disabled" aria-hidden="true">
              <span className="page-link">…</span>
            </li>
          ) : (
            <li key={item} className={item === page ? 'page-item active' : 'page-item'}>
              <Link
                className="page-link"
                to={hrefOf(item)}
                aria-label={`Page ${item}`}
                aria-current={item === page ? 'page' : undefined}
                onClick={onFollow}
              >
                {item}
              </Link>
            </li>
          ),
        )}
        {hasNext ? step(page + 1, 'Next') : <DisabledStep label="Next" />}
      </ul>
      <span className="small text-body-secondary">{countLabel}</span>
    </nav>
  );
}
