import { Link } from 'react-router-dom';
import { SOCIAL_ICONS } from '@/components/icons';

const socialIcons = [
  { href: 'https://www.facebook.com/', label: 'Facebook', Icon: SOCIAL_ICONS.facebook },
  { href: 'https://twitter.com/', label: 'Twitter', Icon: SOCIAL_ICONS.twitter },
  { href: 'https://www.linkedin.com/', label: 'LinkedIn', Icon: SOCIAL_ICONS.linkedin },
  { href: 'https://github.com/', label: 'GitHub', Icon: SOCIAL_ICONS.github },
  { href: 'https://www.youtube.com/', label: 'YouTube', Icon: SOCIAL_ICONS.youtube },
];

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
          {socialIcons.map(({ href, label, Icon }) => (
            <li key={label}>
              <a className="social-icon" href={href} target="_blank" rel="noopener noreferrer">
                <Icon />
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
