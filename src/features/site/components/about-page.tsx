import { useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { useNavigate } from 'react-router-dom';
import { useSession } from '@/lib/session';
import { useScrollToHash } from '../hooks/use-scroll-to-hash';
import { SubscribeBox } from './subscribe-box';

const INNOVATIONS = [
  {
    title: 'AI challenge automation',
    text: 'Tell us your goal and food preference: ChallangeX plans breakfast, lunch and dinner for every day of your challenge, sized to your body and target.',
  },
  {
    title: 'Verification',
    text: 'Each meal opens in its own time window. A photo taken in that window proves it, and only proved meals earn points.',
  },
  {
    title: 'Blockchain security',
    text: 'We are working towards tamper-evident records of proved meals, so a score on the leader-board can be trusted by everyone.',
  },
] as const;

/** about (docs/product.md#what-challangex-is, docs/product.md#routes-and-screens): mission, innovation, privacy and terms, Take Challenge and the subscribe form. */
interface AboutPageProps {
  /** Take Challenge opens the member's profile editor (src/app composes the profile feature in). */
  profileEditor?: (editor: { uid: string; onHide: () => void }) => ReactNode;
}

export function AboutPage({ profileEditor }: AboutPageProps) {
  useScrollToHash();
  const { user } = useSession();
  const navigate = useNavigate();
  const [editingProfile, setEditingProfile] = useState(false);

  const takeChallenge = () => {
    if (user) setEditingProfile(true);
    else navigate('/login');
  };

  return (
    <div className="container py-4">
      <div className="row g-4">
        <div className="col-lg-8">
          <section className="card shadow-sm mb-4" aria-labelledby="mission-title">
            <div className="card-body p-4">
              <h1 id="mission-title" className="h3">
                Our mission: elevate every meal
              </h1>
              <p className="lead">
                ChallangeX exists to elevate how people eat: a structured meal plan for a few days,
                a clear goal, and a community that keeps you honest.
              </p>
              <p>
                Pick a goal (bulk, lean bulk, lean, cutting or maintain), a food preference and 1 to
                7 days. Prove each meal with a photo, climb the leader-board and inspire the members
                who follow your challenges.
              </p>
              <Button variant="success" size="lg" onClick={takeChallenge}>
                Take Challenge
              </Button>
              {!user && user !== undefined && (
                <p className="small text-body-secondary mt-2 mb-0">
                  Log in first: your profile sets up your plan.
                </p>
              )}
            </div>
          </section>

          <section className="mb-4" aria-labelledby="innovation-title">
            <h2 id="innovation-title" className="h4">
              Innovation
            </h2>
            <div className="row g-3">
              {INNOVATIONS.map((item) => (
                <div className="col-md-4" key={item.title}>
                  <div className="card h-100 shadow-sm">
                    <div className="card-body">
                      <h3 className="h6">{item.title}</h3>
                      <p className="small mb-0">{item.text}</p>
                    </div>
                  </div>
                </div>
              ))}
            </div>
          </section>

          <section
            id="privacy"
            tabIndex={-1}
            className="card shadow-sm mb-4"
            aria-labelledby="privacy-title"
          >
            <div className="card-body p-4">
              <h2 id="privacy-title" className="h4">
                Privacy Policy
              </h2>
              <p>
                Your privacy comes first. Your name, photo, city, food preference, bio, social
                links, challenges and points are visible to signed-in members. Your email, height,
                weight and age are private: only you (and, for support, our administrators) can see
                them, and they are used only to plan your meals.
              </p>
              <p className="mb-0">
                Newsletter and contact messages are kept only to answer you. Meal photos are stored
                with your challenge; deleting a challenge hides it everywhere.
              </p>
            </div>
          </section>

          <section
            id="terms"
            tabIndex={-1}
            className="card shadow-sm"
            aria-labelledby="terms-title"
          >
            <div className="card-body p-4">
              <h2 id="terms-title" className="h4">
                Terms Conditions
              </h2>
              <p>
                ChallangeX meal plans are general guidance, not medical advice; talk to a doctor
                before changing your diet. You may have at most 2 active challenges at a time.
              </p>
              <p className="mb-0">
                Upload only photos you took yourself, of your own meals. Points earned with false
                proofs may be removed.
              </p>
            </div>
          </section>
        </div>
        <aside className="col-lg-4" aria-label="Newsletter">
          <SubscribeBox />
        </aside>
      </div>
      {user &&
        editingProfile &&
        profileEditor?.({ uid: user.uid, onHide: () => setEditingProfile(false) })}
    </div>
  );
}
