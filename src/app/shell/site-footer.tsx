import { Suspense } from 'react';
import { Link } from 'react-router-dom';
import { useAfterMainContent } from '@/hooks/use-main-content';
import { lazyComponent } from '../lazy-component';
import { loadOnce } from '../load-once';

// The marks (inline SVG, ~0.8 KB gzip) are below the fold on every page: their own chunk, drawn once the page's
// main content is on screen, keeps them out of the first page's script (docs/performance.md). Each link's 44 px
// circle is there from the start, so nothing moves when they arrive.
const SocialIcon = lazyComponent(
  loadOnce(async () => (await import('@/components/social-icons')).SocialIcon),
);

const socialIcons = [
  { href: 'https://www.facebook.com/', label: 'Facebook', network: 'facebook' },
  { href: 'https://twitter.com/', label: 'Twitter', network: 'twitter' },
  { href: 'https://www.linkedin.com/', label: 'LinkedIn', network: 'linkedin' },
  { href: 'https://github.com/', label: 'GitHub', network: 'github' },
  { href: 'https://www.youtube.com/', label: 'YouTube', network: 'youtube' },
] as const;

export function SiteFooter() {
  const afterMainContent = useAfterMainContent();
  return (
    <footer className="site-footer bg-dark text-light py-4 mt-auto">
      <div className="container d-flex flex-column flex-md-row gap-3 justify-content-between align-items-center">
        <nav aria-label="Legal" className="d-flex gap-3">
          <Link className="link-light" to="/about#privacy">
            Privacy Policy
          </Link>
          <Link className="link-light" to="/about#terms">
            Terms Conditions
          </Link>
        </nav>
        <ul className="list-unstyled d-flex gap-2 mb-0" aria-label="ChallangeX on social media">
          {socialIcons.map(({ href, label, network }) => (
            <li key={label}>
              <a className="social-icon" href={href} target="_blank" rel="noopener noreferrer">
                {afterMainContent && (
                  <Suspense fallback={null}>
                    <SocialIcon network={network} />
                  </Suspense>
                )}
                <span className="visually-hidden">{label}</span>
              </a>
            </li>
          ))}
        </ul>
        <p className="mb-0 small">© {new Date().getFullYear()} ChallangeX</p>
      </div>
    </footer>
  );
}
