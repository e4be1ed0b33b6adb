/**
 * Keeps a failure inside one tab of the site screen: the header, the other tabs and the rest of the app stay
 * usable, and the panel offers to try again.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { errorMessage } from '../../bridge/errors.ts';
import { Button } from '../../ui/Button.tsx';
import { Banner } from '../../ui/Feedback.tsx';

interface PanelBoundaryProps {
  /** What the panel shows, for the message ("the structure"). */
  what: string;
  children: ReactNode;
}

interface PanelBoundaryState {
  error: unknown;
}

/** An error boundary around one panel. */
export class PanelBoundary extends Component<PanelBoundaryProps, PanelBoundaryState> {
  override state: PanelBoundaryState = { error: undefined };

  static getDerivedStateFromError(error: unknown): PanelBoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`The panel showing ${this.props.what} failed`, error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.error === undefined) return this.props.children;
    return (
      <Banner
        tone="error"
        title={`Could not show ${this.props.what}`}
        actions={
          <Button size="sm" onClick={() => this.setState({ error: undefined })}>
            Try again
          </Button>
        }
        data-testid="panel-error"
      >
        {errorMessage(this.state.error)}
      </Banner>
    );
  }
}
