import './loading-overlay.css';

interface LoadingOverlayProps {
  visible: boolean;
}

/** The product's full-screen spinner: translucent green backdrop, ball-scale-multiple, the word ChallangeX. */
export function LoadingOverlay({ visible }: LoadingOverlayProps) {
  return (
    <div
      className={`loading-overlay${visible ? ' loading-overlay--visible' : ''}`}
      role="status"
      aria-live="polite"
      aria-hidden={!visible}
      data-testid="loading-overlay"
    >
      <div className="loading-overlay__balls" aria-hidden="true">
        <span />
        <span />
        <span />
      </div>
      <p className="loading-overlay__text">{visible ? 'ChallangeX' : ''}</p>
    </div>
  );
}
