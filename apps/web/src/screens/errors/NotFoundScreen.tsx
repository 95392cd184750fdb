import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { getToken } from '@/lib/session';

/** The 404 page (spec: an unknown page). */
export function NotFoundScreen() {
  const home = getToken() ? '/outlet/dashboard' : '/';
  return (
    <div className="flex min-h-[70vh] items-center justify-center p-6" data-testid="not-found">
      <div className="max-w-md text-center">
        <div className="mx-auto mb-6 flex size-14 items-center justify-center rounded-2xl bg-primary/10 text-primary">
          <Compass className="size-7" />
        </div>
        <p className="text-sm font-semibold text-primary">404</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight">Page not found</h1>
        <p className="mt-2 text-sm text-muted-foreground">The page you asked for does not exist, or it is not available yet.</p>
        <Button asChild className="mt-6">
          <Link to={home} replace>
            Go to {home === '/' ? 'sign-in' : 'the dashboard'}
          </Link>
        </Button>
      </div>
    </div>
  );
}

export default NotFoundScreen;
