import Card from 'react-bootstrap/Card';
import { SITE_SOCIAL_NETWORKS } from '@domain/site/site-social-networks';
import { SOCIAL_ICONS } from '@/components/social-icons';
import { httpsLink } from '@/lib/safe-urls';
import { useSocialLinks } from '../api/use-social-links';

/** Sidebar: ChallangeX's own accounts from website/social-link; https links only (docs/product.md#routes-and-screens). */
export function SocialLinksWidget() {
  const stored = useSocialLinks();
  const links = SITE_SOCIAL_NETWORKS.flatMap(({ key, label }) => {
    const href = httpsLink(stored.value?.[key]);
    return href ? [{ key, label, href }] : [];
  });

  return (
    <Card as="section" className="shadow-sm" aria-labelledby="social-links-title">
      <Card.Body>
        <h2 id="social-links-title" className="h6">
          Follow ChallangeX
        </h2>
        {stored.status === 'loading' && (
          <p className="small text-body-secondary mb-0">Loading links…</p>
        )}
        {stored.status === 'error' && (
          <p className="small text-danger mb-0">Links could not be loaded.</p>
        )}
        {stored.status === 'ready' && links.length === 0 && (
          <p className="small text-body-secondary mb-0">No social links yet.</p>
        )}
        {links.length > 0 && (
          <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0">
            {links.map(({ key, label, href }) => {
              const Icon = SOCIAL_ICONS[key];
              return (
                <li key={key}>
                  <a
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="btn btn-outline-success social-button"
                  >
                    <Icon />
                    <span className="visually-hidden">{label}</span>
                  </a>
                </li>
              );
            })}
          </ul>
        )}
      </Card.Body>
    </Card>
  );
}
