import type { ReactNode } from 'react';

/*
 * The app's icons, as inline SVG (docs/architecture.md, "Look"): a few hundred bytes each, no icon library and
 * no request. Decorative: the link or button they sit in carries the name (aria-hidden here). The social
 * networks' marks are in social-icons.tsx, so the bottom navigation's chunk carries only its own four.
 */

export function Icon({ children, filled = false }: { children: ReactNode; filled?: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      focusable="false"
      fill={filled ? 'currentColor' : 'none'}
      stroke={filled ? 'none' : 'currentColor'}
      strokeWidth={filled ? undefined : 2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

export const HomeIcon = () => (
  <Icon>
    <path d="M3 10.5 12 3l9 7.5" />
    <path d="M5 9v12h5v-6h4v6h5V9" />
  </Icon>
);

export const ChallengesIcon = () => (
  <Icon>
    <path d="M10 6h10M10 12h10M10 18h10" />
    <path d="m3.5 6 1.5 1.5L7.5 5M3.5 12l1.5 1.5L7.5 11M3.5 18l1.5 1.5L7.5 17" />
  </Icon>
);

export const BoardIcon = () => (
  <Icon>
    <path d="M3 21v-7h6v7M9 21V9h6v12M15 21v-4h6v4M2 21h20" />
  </Icon>
);

export const ProfileIcon = () => (
  <Icon>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4 3.6-6 8-6s8 2 8 6" />
  </Icon>
);
