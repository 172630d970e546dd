import type { ReactNode } from 'react';
import './scroll-box.css';

/** A keyboard-scrollable 300 px region (focusable so keyboard users can scroll it), named by its heading. */
export function ScrollBox({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <div
      className="admin-scroll-box border rounded bg-white"
      role="region"
      aria-labelledby={labelledBy}
      tabIndex={0}
    >
      {children}
    </div>
  );
}
