interface MealDoneNoteProps {
  /** What the proof earned (0 while it waits for an admin). */
  points: number;
  flagged?: boolean;
  className?: string;
}

/** A proved meal in the daily loop: Done, and the points it earned (docs/product.md, "Today"). */
export function MealDoneNote({ points, flagged = false, className = '' }: MealDoneNoteProps) {
  return (
    <p role="status" className={`meal-done-note mb-0 ${className}`}>
      <span className="badge text-bg-success me-2">Done</span>
      {flagged ? 'An admin checks this photo before it earns points' : `+${points} points`}
    </p>
  );
}
