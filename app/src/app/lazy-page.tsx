/**
 * Pages load lazily (SPEC §2): 'Loading page....' while the chunk loads, 'Page loading error..... {message}'
 * when it fails.
 */
import { Component, Suspense, lazy, type ComponentType, type ReactNode } from 'react';

class PageLoadBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    if (this.state.error) {
      return (
        <div className="page-state" role="alert">
          Page loading error..... {this.state.error.message}
        </div>
      );
    }
    return this.props.children;
  }
}

export function lazyPage(load: () => Promise<{ default: ComponentType }>): ComponentType {
  const Page = lazy(load);
  return function LazyPage() {
    return (
      <PageLoadBoundary>
        <Suspense
          fallback={
            <div className="page-state" role="status">
              Loading page....
            </div>
          }
        >
          <Page />
        </Suspense>
      </PageLoadBoundary>
    );
  };
}
