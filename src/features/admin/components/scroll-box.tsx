import type { ReactNode } from 'react';
import './scroll-box.css';

/** A keyboard-scrollable 300 px region (focusable so keyboard users can scroll it). */
export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="admin-scroll-box border rounded bg-white" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
