import { Link } from 'react-router-dom';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** Unknown paths fall back to the layout page (docs/product.md#routes-and-screens); this says so instead of showing nothing. */
export function NotFoundPanel() {
  useDocumentTitle('Page not found');
  return (
    <section className="card shadow-sm p-4 text-center" aria-labelledby="not-found-title">
      <h1 id="not-found-title" className="h4">
        We could not find that page
      </h1>
      <p className="text-body-secondary">The link may be old or mistyped.</p>
      <Link to="/" className="btn btn-success align-self-center">
        Back to the feed
      </Link>
    </section>
  );
}
