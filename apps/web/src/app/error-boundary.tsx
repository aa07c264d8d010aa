import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from '../components/error-screen/error-screen';
import { isChunkLoadError, reloadOnceForChunkError } from './chunk-reload';

interface State {
  error: unknown;
}

/**
 * Replaces what it wraps with the error screen after a render error (specification section 4).
 * A chunk that failed to load reloads the page instead, once per 10 s per path.
 */
export class FatalErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (isChunkLoadError(error) && reloadOnceForChunkError()) return;
    console.error(error, info.componentStack);
  }

  override render() {
    if (this.state.error) return <ErrorScreen />;
    return this.props.children;
  }
}
