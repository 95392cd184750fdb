import { RotateCw } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';

/**
 * The spec's rendering-error fallback: 'Something went wrong:' and the message in red, with a reload. Inside the
 * signed-in layout it takes the screen's place only (the menu and the top bar stay, OutletLayout and routes.tsx).
 */
export function ErrorFallback({ error }: { error: unknown }) {
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <div role="alert" className="p-6" data-testid="error-fallback">
      <p>Something went wrong:</p>
      <pre className="mt-2 whitespace-pre-wrap text-red-600 dark:text-red-400">{message}</pre>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="mt-4"
        onClick={() => window.location.reload()}
        data-testid="error-reload"
      >
        <RotateCw />
        Reload
      </Button>
    </div>
  );
}

/** For a route's errorElement. */
export function RouteErrorFallback() {
  const error = useRouteError();
  return <ErrorFallback error={error} />;
}

export class ErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Rendering error', error, info.componentStack);
  }
  override render() {
    if (this.state.error) return <ErrorFallback error={this.state.error} />;
    return this.props.children;
  }
}
