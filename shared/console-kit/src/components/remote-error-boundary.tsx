// Catches a remote page that failed to load or to render and shows "<module> is unavailable" with
// a Retry that really retries (the owner clears its caches in onRetry, then the page renders anew).
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dropPageSignInForm } from '../forms/page-sign-in-form';
import { PageFallback } from './page-fallback';

export interface RemoteErrorBoundaryProps {
  /** The module id shown to the user, e.g. `account/LoginPage`. */
  module: string;
  /** Clears whatever cached the failure; the boundary re-renders its children afterwards. */
  onRetry?: () => Promise<void> | void;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  retrying: boolean;
}

function RemoteUnavailable(props: { module: string; retrying: boolean; onRetry: () => void }) {
  const { t } = useTranslation('common');
  // Users read the page's name in words, not the module id (`billing/TokensPage`).
  const exposed = props.module.slice(props.module.indexOf('/') + 1);
  const name = t([`remote.pages.${exposed}`, 'remote.pages.unknown']);
  return (
    <PageFallback
      testId="remote-fallback"
      title={t('remote.unavailable', { module: name })}
      subTitle={t('remote.unavailableHint')}
      retrying={props.retrying}
      onRetry={props.onRetry}
    />
  );
}

export class RemoteErrorBoundary extends Component<RemoteErrorBoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, retrying: false };

  // React itself logs the caught error (with the component stack).
  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  // The sign-in form sent with the page stands for a page that will not come: the failure shows.
  override componentDidCatch(): void {
    dropPageSignInForm();
  }

  override componentDidUpdate(previous: RemoteErrorBoundaryProps): void {
    if (previous.module !== this.props.module && this.state.error) {
      this.setState({ error: null, retrying: false });
    }
  }

  private readonly retry = async (): Promise<void> => {
    this.setState({ retrying: true });
    try {
      await this.props.onRetry?.();
    } finally {
      this.setState({ error: null, retrying: false });
    }
  };

  override render(): ReactNode {
    if (this.state.error) {
      return (
        <RemoteUnavailable
          module={this.props.module}
          retrying={this.state.retrying}
          onRetry={() => void this.retry()}
        />
      );
    }
    return this.props.children;
  }
}
