import { Component, type ErrorInfo, type ReactNode } from 'react';
import { logAppError } from '../lib/logger';
import { ErrorScreen } from './pages/ErrorScreen';

interface State {
  error: unknown;
}

/** Last-resort boundary for errors outside the router (which has its own errorElement). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  componentDidCatch(error: unknown, _info: ErrorInfo): void {
    logAppError(error);
  }

  render() {
    return this.state.error ? <ErrorScreen /> : this.props.children;
  }
}
