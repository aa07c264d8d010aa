import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { ErrorScreen } from '../components/error-screen/error-screen';
import { isChunkLoadError, reloadOnceForChunkError } from './chunk-reload';

interface State {
  error: unknown;
}

/** Replaces the app with the error screen after a fatal render error (specification section 4). */
export class FatalErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (isChunkLoadError(error)) reloadOnceForChunkError();
    console.error(error, info.componentStack);
  }

  override render() {
    if (this.state.error) return <ErrorScreen />;
    return this.props.children;
  }
}

/** The router's error element: route errors, chunk-load errors (one reload per 10 s per path), anything else. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const location = useLocation();
  if (isChunkLoadError(error) && reloadOnceForChunkError(location.pathname)) return null;
  if (isRouteErrorResponse(error))
    return <ErrorScreen status={error.status} message={typeof error.data === 'string' ? error.data : error.statusText} />;
  return <ErrorScreen />;
}
