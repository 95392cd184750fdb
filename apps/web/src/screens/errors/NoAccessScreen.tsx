import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/**
 * Shown inside the layout (menu and header stay) instead of a screen the user's role may not view
 * (useScreenAccess in src/lib/useCurrentMenu.ts). The server refuses that screen's calls anyway.
 */
export function NoAccessScreen() {
  return (
    <div className="flex min-h-[70vh] items-center justify-center p-6" data-testid="no-access">
      <div className="max-w-md text-center">
        <div className="mx-auto mb-6 flex size-14 items-center justify-center rounded-2xl bg-amber-500/10 text-amber-600 dark:text-amber-400">
          <Lock className="size-7" />
        </div>
        <p className="text-sm font-semibold text-amber-600 dark:text-amber-400">403</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight">You do not have access to this screen</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          Your role does not include this screen. Choose one from the menu, or ask an administrator for access.
        </p>
        <Button asChild className="mt-6">
          <Link to="/outlet/dashboard" replace>
            Go to the dashboard
          </Link>
        </Button>
      </div>
    </div>
  );
}

export default NoAccessScreen;
