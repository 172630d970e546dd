import { useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import type { ChallengeRecord, MealRecord } from '@domain/challenges/challenge-record';
import { MEAL_SLOTS } from '@domain/constants';
import { dayKey } from '@domain/challenges/meal-schedule';
import { shoppingList, shoppingListText } from '@domain/challenges/shopping-list';
import './shopping-list.css';

interface ShoppingListModalProps {
  challenge: Pick<ChallengeRecord, 'title' | 'day' | 'meals'>;
  show: boolean;
  onHide: () => void;
}

const days = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

/**
 * The ingredients of a range of the challenge's days, summed and grouped by IFCT food group; built from
 * the loaded plan, so it works offline. Printable, and copyable as plain text.
 */
export function ShoppingListModal({ challenge, show, onHide }: ShoppingListModalProps) {
  const [from, setFrom] = useState(1);
  const [to, setTo] = useState(challenge.day);
  const groups = useMemo(() => {
    const meals: MealRecord[] = [];
    for (let day = from; day <= to; day++)
      for (const slot of MEAL_SLOTS) {
        const meal = challenge.meals?.[dayKey(day)]?.[slot];
        if (meal) meals.push(meal);
      }
    return shoppingList(meals);
  }, [challenge, from, to]);
  const heading = `Shopping list: ${challenge.title}, ${from === to ? `Day ${from}` : `Days ${from}–${to}`}`;

  // Said inside the dialog, not in a toast: on a phone a top-end toast covers the dialog's close button.
  // Kept per list, so choosing other days clears it.
  const [copied, setCopied] = useState<{ heading: string; message: string } | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shoppingListText(heading, groups));
      setCopied({ heading, message: 'Shopping list copied' });
    } catch {
      setCopied({ heading, message: 'Could not copy; select the list and copy it instead' });
    }
  };

  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby="shopping-list-title">
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id="shopping-list-title">Shopping list</Modal.Title>
      </Modal.Header>
      <Modal.Body className="shopping-list">
        <div className="d-flex gap-2 mb-3 shopping-list-controls">
          <Form.Group controlId="shopping-from">
            <Form.Label className="small">From</Form.Label>
            <Form.Select
              size="sm"
              value={from}
              onChange={(event) => {
                const day = Number(event.target.value);
                setFrom(day);
                if (day > to) setTo(day);
              }}
            >
              {days(challenge.day).map((day) => (
                <option key={day} value={day}>{`Day ${day}`}</option>
              ))}
            </Form.Select>
          </Form.Group>
          <Form.Group controlId="shopping-to">
            <Form.Label className="small">To</Form.Label>
            <Form.Select
              size="sm"
              value={to}
              onChange={(event) => setTo(Number(event.target.value))}
            >
              {days(challenge.day)
                .filter((day) => day >= from)
                .map((day) => (
                  <option key={day} value={day}>{`Day ${day}`}</option>
                ))}
            </Form.Select>
          </Form.Group>
        </div>
        <h2 className="h6">{heading}</h2>
        {groups.length === 0 ? (
          <p className="mb-0">These days were planned before ingredients were listed.</p>
        ) : (
          groups.map(({ group, items }) => (
            <section key={group} aria-label={group} className="mb-2">
              <h3 className="h6 mb-1 text-body-secondary">{group}</h3>
              <ul className="list-unstyled mb-0 small">
                {items.map((item) => (
                  <li key={item.label} className="d-flex justify-content-between gap-2">
                    <span>{item.label}</span>
                    <span className="text-nowrap">{item.amount}</span>
                  </li>
                ))}
              </ul>
            </section>
          ))
        )}
      </Modal.Body>
      <Modal.Footer className="shopping-list-controls">
        <p role="status" className="me-auto mb-0 small">
          {copied?.heading === heading ? copied.message : ''}
        </p>
        <Button variant="outline-secondary" size="sm" onClick={() => window.print()}>
          Print
        </Button>
        <Button variant="success" size="sm" onClick={() => void copy()} disabled={!groups.length}>
          Copy
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
