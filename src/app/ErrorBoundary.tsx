import { Component, type ErrorInfo, type ReactNode } from 'react';

import { APP_ERROR_TEXT, APP_ERROR_TITLE, BACK_HOME } from './layout/layoutMessages';

export function ErrorPanel() {
  return (
    <section className="page" role="alert">
      <h1 className="page__title">{APP_ERROR_TITLE}</h1>
      <p>{APP_ERROR_TEXT}</p>
      <p>
        <a href="/">{BACK_HOME}</a>
      </p>
    </section>
  );
}

interface ErrorBoundaryState {
  failed: boolean;
}

/** Any render error shows a Spanish message instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, ErrorBoundaryState> {
  state: ErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Error de la aplicación', error, info.componentStack);
  }

  render() {
    return this.state.failed ? <ErrorPanel /> : this.props.children;
  }
}
