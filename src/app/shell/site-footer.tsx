import { Link } from 'react-router-dom';
import { SocialIcon } from '@/components/social-icons';

const socialIcons = [
  { href: 'https://www.facebook.com/', label: 'Facebook', network: 'facebook' },
  { href: 'https://twitter.com/', label: 'Twitter', network: 'twitter' },
  { href: 'https://www.linkedin.com/', label: 'LinkedIn', network: 'linkedin' },
  { href: 'https://github.com/', label: 'GitHub', network: 'github' },
  { href: 'https://www.youtube.com/', label: 'YouTube', network: 'youtube' },
] as const;

/**
 * The footer: Privacy Policy, Terms Conditions, the social networks' marks. Below the fold on every page (the
 * main element is a screen tall), it is a chunk of its own the shell loads once the page's main content is on
 * screen (app-shell.tsx).
 */
export function SiteFooter() {
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
                <SocialIcon network={network} />
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
