import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { DayPlan } from '../lib/challenge-meals';

interface DayChipsProps {
  plans: DayPlan[];
  activeDay: number;
  /** The plan's day that is today in its zone, marked "· Today" (none before the start or after the end). */
  today: number | undefined;
  onOpen: (dayNumber: number) => void;
  children: (plan: DayPlan) => ReactNode;
}

/** The keys that move between chips, and where each goes from `index` of `count`. */
const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  ArrowRight: (index, count) => (index + 1) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

const tabId = (dayNumber: number) => `challenge-days-tab-Day${dayNumber}`;
const panelId = (dayNumber: number) => `challenge-days-tabpane-Day${dayNumber}`;

/**
 * SPEC's Day tabs as chips (docs/product.md, "The challenge page"): one row that scrolls sideways with its
 * far edge fading, so Day 5–7 show they are there; today's chip says so; arrow keys, Home and End move
 * between days (the tabs pattern, plain buttons). The chosen day is scrolled into the row's view. A day's
 * meals render when the day is first opened, and stay (an upload started there goes on) while another shows.
 */
export function DayChips({ plans, activeDay, today, onOpen, children }: DayChipsProps) {
  const list = useRef<HTMLDivElement>(null);
  const [opened, setOpened] = useState<ReadonlySet<number>>(() => new Set([activeDay]));
  if (!opened.has(activeDay)) setOpened(new Set([...opened, activeDay]));
  useEffect(() => {
    const chip = list.current?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!list.current || !chip) return;
    // Only sideways: the page itself must not scroll.
    list.current.scrollLeft = chip.offsetLeft - (list.current.clientWidth - chip.offsetWidth) / 2;
  }, [activeDay]);

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const to = MOVES[event.key];
    const index = plans.findIndex((plan) => plan.dayNumber === activeDay);
    if (!to || index < 0) return;
    event.preventDefault();
    const next = plans[to(index, plans.length)]!.dayNumber;
    onOpen(next);
    document.getElementById(tabId(next))?.focus();
  };

  return (
    <div className="day-chips-row">
      <div ref={list} role="tablist" className="nav nav-pills mb-3 day-chips" onKeyDown={move}>
        {plans.map(({ dayNumber }) => {
          const active = dayNumber === activeDay;
          return (
            <button
              key={dayNumber}
              type="button"
              role="tab"
              id={tabId(dayNumber)}
              className={active ? 'nav-link active' : 'nav-link'}
              aria-selected={active}
              aria-controls={opened.has(dayNumber) ? panelId(dayNumber) : undefined}
              tabIndex={active ? 0 : -1}
              onClick={() => onOpen(dayNumber)}
            >
              {dayNumber === today ? `Day ${dayNumber} · Today` : `Day ${dayNumber}`}
            </button>
          );
        })}
      </div>
      {plans
        .filter((plan) => opened.has(plan.dayNumber))
        .map((plan) => (
          <div
            key={plan.dayNumber}
            role="tabpanel"
            id={panelId(plan.dayNumber)}
            aria-labelledby={tabId(plan.dayNumber)}
            hidden={plan.dayNumber !== activeDay}
          >
            {children(plan)}
          </div>
        ))}
    </div>
  );
}
