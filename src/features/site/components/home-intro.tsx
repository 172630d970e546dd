import { Link, useLocation } from 'react-router-dom';
import { useSession } from '@/lib/session';

/** The product in one line and its loop in three steps (docs/product.md, "First run"). */
export const INTRO_LINE =
  'ChallangeX plans your meals for a goal you pick, and counts every meal you prove with a photo.';
export const INTRO_STEPS = [
  {
    title: 'Get a plan',
    text: 'Pick 1 to 7 days and a goal: breakfast, lunch and dinner are planned for you.',
  },
  { title: 'Snap each meal', text: 'Photograph every meal inside its time window as proof.' },
  {
    title: 'Earn points and streaks',
    text: 'Each proved meal scores; full days build your streak.',
  },
] as const;

/** Navigation state the sign-in screens leave for a member whose account was just made (src/features/auth). */
export interface FirstSignInState {
  newMember?: boolean;
}

/** A new member's first look at the home: welcomed, not welcomed back. */
function welcomeText(name: string | null | undefined): string {
  return name ? `Welcome to ChallangeX, ${name}!` : 'Welcome to ChallangeX!';
}

/**
 * The top of the home (docs/product.md, "First run"): visitors read what the app is and how it works, with
 * Register and Login; a member who has just made their account is welcomed with the same three steps. Nothing
 * for anyone else. Light on purpose: it is part of the feed's first load.
 */
export function HomeIntro() {
  const { user } = useSession();
  const state = useLocation().state as FirstSignInState | null;
  const newMember = Boolean(user && state?.newMember);
  if (user !== null && !newMember) return null;
  return (
    <section className="card border-0 bg-body-tertiary mb-3" aria-labelledby="home-intro-title">
      <div className="card-body p-3 p-sm-4">
        <h2 id="home-intro-title" className="h5 mb-1">
          {newMember ? welcomeText(user?.displayName) : 'Meal challenges that count'}
        </h2>
        <p className="mb-3">{newMember ? 'Here is how your first challenge works.' : INTRO_LINE}</p>
        <ol className="home-intro-steps list-unstyled row row-cols-1 row-cols-sm-3 g-2 mb-0">
          {INTRO_STEPS.map((step, index) => (
            <li key={step.title} className="col d-flex gap-2">
              <span
                className="badge rounded-pill text-bg-success align-self-start"
                aria-hidden="true"
              >
                {index + 1}
              </span>
              <span>
                <strong className="d-block">{step.title}</strong>
                <span className="small text-body-secondary">{step.text}</span>
              </span>
            </li>
          ))}
        </ol>
        {newMember ? (
          <p className="small mb-0 mt-3">
            Start a Challenge: you set up your plan once, then pick your days and goal.
          </p>
        ) : (
          <div className="d-flex flex-wrap gap-2 mt-3">
            <Link className="btn btn-success" to="/register">
              Register
            </Link>
            <Link className="btn btn-outline-dark" to="/login">
              Login
            </Link>
          </div>
        )}
      </div>
    </section>
  );
}
