import { Component, type ErrorInfo, type ReactNode } from 'react';

interface ErrorBoundaryProps {
  /** What shows instead of `children` once one of them threw while rendering. */
  fallback: ReactNode;
  children: ReactNode;
  /** Told about the error (a console in development); the page goes on either way. */
  onError?: (error: unknown, info: ErrorInfo) => void;
}

interface ErrorBoundaryState {
  failed: boolean;
}

/**
 * Keeps a render error inside one part of a page: that part shows `fallback`, the rest of the page
 * stays. Lists of public records wrap each item in one, so a malformed record (a feed entry left by
 * an older write, docs/security.md "Moderation races") costs one card, never the page. Remount it
 * (a new key) to try again.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  state: ErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    this.props.onError?.(error, info);
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
