import { useEffect, useRef, type ReactNode } from 'react';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import type { DayPlan } from '../lib/challenge-meals';

interface DayChipsProps {
  plans: DayPlan[];
  activeDay: number;
  /** The plan's day that is today in its zone, marked "· Today" (none before the start or after the end). */
  today: number | undefined;
  onOpen: (dayNumber: number) => void;
  children: (plan: DayPlan) => ReactNode;
}

/**
 * SPEC's Day tabs as chips (docs/product.md, "The challenge page"): one row that scrolls sideways with its
 * far edge fading, so Day 5–7 show they are there; today's chip says so; arrow keys move between days
 * (react-bootstrap's tabs). The chosen day is scrolled into the row's view.
 */
export function DayChips({ plans, activeDay, today, onOpen, children }: DayChipsProps) {
  const row = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const list = row.current?.querySelector<HTMLElement>('[role="tablist"]');
    const chip = list?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!list || !chip) return;
    // Only sideways: the page itself must not scroll.
    list.scrollLeft = chip.offsetLeft - (list.clientWidth - chip.offsetWidth) / 2;
  }, [activeDay]);

  return (
    <div ref={row} className="day-chips-row">
      {/* mountOnEnter: a day's meals render when the day is first opened, not all seven at once (a 7-day plan
          was one long commit; docs/performance.md, "Decisions that hold the budgets"). */}
      <Tabs
        id="challenge-days"
        variant="pills"
        activeKey={`Day${activeDay}`}
        onSelect={(key) => {
          const dayNumber = Number(key?.replace('Day', ''));
          if (Number.isInteger(dayNumber)) onOpen(dayNumber);
        }}
        className="mb-3 day-chips"
        mountOnEnter
      >
        {plans.map((plan) => (
          <Tab
            key={plan.dayNumber}
            eventKey={`Day${plan.dayNumber}`}
            title={
              plan.dayNumber === today ? `Day ${plan.dayNumber} · Today` : `Day ${plan.dayNumber}`
            }
          >
            {children(plan)}
          </Tab>
        ))}
      </Tabs>
    </div>
  );
}
