import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

export interface ActionMenuItem {
  label: string;
  onSelect: () => void;
  /** A destructive action: red, after a divider. */
  danger?: boolean;
}

interface ActionMenuProps {
  /** The toggle's visible content. */
  toggle: ReactNode;
  /** The toggle's accessible name, when its content does not say it ("⋯"). */
  toggleLabel?: string;
  toggleClassName: string;
  items: readonly ActionMenuItem[];
}

/**
 * A button that shows a short list of action buttons below it (a disclosure, with Bootstrap's dropdown look):
 * plain elements, the list rendered only while open. Escape or a choice closes it and gives focus back to the
 * toggle; a press outside closes it.
 */
export function ActionMenu({ toggle, toggleLabel, toggleClassName, items }: ActionMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    root.current?.querySelector<HTMLButtonElement>('.dropdown-item')?.focus();
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  const choose = (item: ActionMenuItem) => {
    setOpen(false);
    toggleRef.current?.focus();
    item.onSelect();
  };

  return (
    <div ref={root} className="dropdown">
      <button
        ref={toggleRef}
        type="button"
        className={`btn dropdown-toggle ${toggleClassName}`}
        aria-label={toggleLabel}
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen(!open)}
      >
        {toggle}
      </button>
      {open && (
        // data-bs-popper: Bootstrap's own placement rules for a menu not placed by a script (below, at the end).
        <ul id={menuId} className="dropdown-menu dropdown-menu-end show" data-bs-popper="static">
          {items.map((item, index) => (
            <li key={item.label}>
              {item.danger && index > 0 && <hr className="dropdown-divider" />}
              <button
                type="button"
                className={item.danger ? 'dropdown-item text-danger' : 'dropdown-item'}
                onClick={() => choose(item)}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
