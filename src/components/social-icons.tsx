import { Icon } from './icons';

/* The social networks' marks as inline SVG (see icons.tsx): the footer, the sidebar's and a profile's links. */

export const FacebookIcon = () => (
  <Icon filled>
    <path d="M13.5 21v-7.5H16l.5-3h-3V8.6c0-.9.3-1.6 1.6-1.6h1.6V4.3A21 21 0 0 0 14.4 4c-2.4 0-3.9 1.4-3.9 4.1v2.4H8v3h2.5V21z" />
  </Icon>
);

export const TwitterIcon = () => (
  <Icon filled>
    <path d="M17.8 3h3L14.2 10.5 22 21h-6.1l-4.8-6.2L5.6 21h-3l7-8L2 3h6.2l4.3 5.7zm-1 16.2h1.7L7.3 4.7H5.5z" />
  </Icon>
);

export const LinkedInIcon = () => (
  <Icon filled>
    <path d="M4 9h3.5v12H4zM5.75 3a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM10 9h3.4v1.7c.5-.9 1.7-2 3.6-2 3.8 0 4.5 2.5 4.5 5.7V21H18v-5.7c0-1.4 0-3.1-1.9-3.1s-2.2 1.5-2.2 3V21H10z" />
  </Icon>
);

export const GitHubIcon = () => (
  <Icon filled>
    <path d="M12 1.5A10.5 10.5 0 0 0 8.7 22c.5.1.7-.2.7-.5v-1.8c-2.9.6-3.5-1.3-3.5-1.3-.5-1.2-1.2-1.5-1.2-1.5-.9-.7.1-.6.1-.6 1 .1 1.6 1.1 1.6 1.1.9 1.6 2.5 1.1 3.1.9.1-.7.4-1.1.7-1.4-2.3-.3-4.8-1.2-4.8-5.2 0-1.1.4-2.1 1.1-2.8-.1-.3-.5-1.3.1-2.8 0 0 .9-.3 2.9 1.1a10 10 0 0 1 5.3 0c2-1.4 2.9-1.1 2.9-1.1.6 1.5.2 2.5.1 2.8.7.7 1.1 1.7 1.1 2.8 0 4-2.5 4.9-4.8 5.2.4.3.7 1 .7 1.9v2.9c0 .3.2.6.7.5A10.5 10.5 0 0 0 12 1.5z" />
  </Icon>
);

export const YouTubeIcon = () => (
  <Icon filled>
    <path
      fillRule="evenodd"
      d="M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4a2.5 2.5 0 0 0-1.8 1.8C2 8.8 2 12 2 12s0 3.2.4 4.8a2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8c.4-1.6.4-4.8.4-4.8s0-3.2-.4-4.8zM10 15V9l5.2 3z"
    />
  </Icon>
);

export const InstagramIcon = () => (
  <Icon>
    <rect x="3" y="3" width="18" height="18" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <path d="M17.5 6.5h.01" />
  </Icon>
);

/** The icon of each social network the app links to, by the key its records use. */
export const SOCIAL_ICONS = {
  facebook: FacebookIcon,
  twitter: TwitterIcon,
  linkedin: LinkedInIcon,
  github: GitHubIcon,
  youtube: YouTubeIcon,
  instagram: InstagramIcon,
} as const;

/** A social network's mark by its records' key; a lazy chunk's one export where the page loads them later. */
export function SocialIcon({ network }: { network: keyof typeof SOCIAL_ICONS }) {
  const Mark = SOCIAL_ICONS[network];
  return <Mark />;
}
