import { SOCIAL_ICONS } from '@/components/social-icons';
import { httpsLink } from '@/lib/safe-urls';
import type { MemberSocial } from '@domain/members/member-records';

const SITES = [
  { key: 'facebook', label: 'Facebook' },
  { key: 'instagram', label: 'Instagram' },
  { key: 'twitter', label: 'Twitter' },
  { key: 'linkedin', label: 'LinkedIn' },
] as const;

/** A member's social links; only https ones are ever rendered (docs/product.md#routes-and-screens). */
export function MemberSocialLinks({
  social,
  name,
}: {
  social: MemberSocial | null | undefined;
  name: string;
}) {
  const links = SITES.flatMap(({ key, label }) => {
    const href = httpsLink(social?.[key]);
    return href ? [{ key, label, href }] : [];
  });
  if (links.length === 0)
    return <p className="text-body-secondary small mb-0">No social links yet.</p>;
  return (
    <ul className="list-inline mb-0" aria-label={`${name} on social media`}>
      {links.map(({ key, label, href }) => {
        const Icon = SOCIAL_ICONS[key];
        return (
          <li key={key} className="list-inline-item">
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="btn btn-outline-secondary social-button"
            >
              <Icon />
              <span className="visually-hidden">{label}</span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
