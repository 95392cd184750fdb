import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { getToken } from '@/lib/session';

/** /400-bad-req: where a route parameter that does not decrypt (or another bad request) lands. */
export function BadRequestScreen() {
  const home = getToken() ? '/outlet/dashboard' : '/';
  return (
    <div className="flex min-h-svh items-center justify-center bg-background p-6" data-testid="bad-request">
      <div className="max-w-md text-center">
        <div className="mx-auto mb-6 flex size-14 items-center justify-center rounded-2xl bg-destructive/10 text-destructive">
          <ShieldAlert className="size-7" />
        </div>
        <p className="text-sm font-semibold text-destructive">400</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight">Bad request</h1>
        <p className="mt-2 text-sm text-muted-foreground">The link you followed is not valid. Open the screen again from the menu.</p>
        <Button asChild className="mt-6">
          <Link to={home} replace>
            Go to {home === '/' ? 'sign-in' : 'the dashboard'}
          </Link>
        </Button>
      </div>
    </div>
  );
}

export default BadRequestScreen;
