import { Link } from 'react-router-dom';

const socialIcons = [
  { href: 'https://www.facebook.com/', label: 'Facebook', glyph: 'f' },
  { href: 'https://twitter.com/', label: 'Twitter', glyph: 'X' },
  { href: 'https://www.linkedin.com/', label: 'LinkedIn', glyph: 'in' },
  { href: 'https://github.com/', label: 'GitHub', glyph: 'gh' },
  { href: 'https://www.youtube.com/', label: 'YouTube', glyph: '▶' },
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
          {socialIcons.map((icon) => (
            <li key={icon.label}>
              <a className="social-icon" href={icon.href} target="_blank" rel="noopener noreferrer">
                <span aria-hidden="true">{icon.glyph}</span>
                <span className="visually-hidden">{icon.label}</span>
              </a>
            </li>
          ))}
        </ul>
        <p className="mb-0 small">© {new Date().getFullYear()} ChallangeX</p>
      </div>
    </footer>
  );
}
