import { Component, type ReactNode } from 'react';

type Props = { fallback: (retry: () => void) => ReactNode; onError?: (error: unknown) => void; children: ReactNode };

/** Shows `fallback` instead of a failed part of a screen, and lets the person try that part again. */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    this.props.onError?.(error);
  }

  override render() {
    return this.state.failed ? this.props.fallback(() => this.setState({ failed: false })) : this.props.children;
  }
}
