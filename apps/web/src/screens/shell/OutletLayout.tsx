import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { OfflinePunchSync } from '@/components/app/OfflinePunchSync';
import { ErrorBoundary } from '@/components/common/ErrorBoundary';
import { NoAccessScreen } from '@/components/common/NoAccessScreen';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { loadProfileOrThrow } from '@/lib/auth';
import { getToken, offlineProfile, setProfile, useSession } from '@/lib/session';
import { useScreenAccess } from '@/lib/useCurrentMenu';
import { cn } from '@/lib/utils';
import { Header } from './Header';
import { MobileSidebar, Sidebar } from './Sidebar';

const COLLAPSED_KEY = 'sidebar-collapsed';

/**
 * /outlet: the signed-in shell. Without a token it redirects to '/'; no screen renders until
 * /api/auth/me has answered (a revoked token gets 401 there, which clears the session and goes to '/').
 * A screen whose menu the user's role does not hold shows NoAccessScreen in its place (useScreenAccess).
 * Without a network (the installed app opened offline: the service worker gives the shell) the profile held for the
 * browser session stands in until the network returns; punches are then kept on the phone (OfflinePunchSync).
 */
export function OutletLayout() {
  const token = getToken();
  const location = useLocation();
  const me = useQuery({
    queryKey: ['auth', 'me', token],
    queryFn: ({ signal }) => loadProfileOrThrow(signal),
    enabled: !!token,
    staleTime: Infinity,
    // No network: no retries (the shell stands on the session's profile); the query runs again when it returns.
    retry: (count, error) => !(error instanceof ApiError && error.status === 0) && count < 1,
  });
  const account = useSession((s) => s.acc_dtls);
  const access = useScreenAccess();
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSED_KEY) === '1');
  const [mobileOpen, setMobileOpen] = useState(false);

  useEffect(() => {
    localStorage.setItem(COLLAPSED_KEY, collapsed ? '1' : '0');
  }, [collapsed]);

  // Close the mobile drawer on navigation.
  useEffect(() => setMobileOpen(false), [location.pathname]);

  // No network (the request failed to reach the server, or TanStack Query paused it): the profile held for the browser
  // session stands in; the request runs again when the network returns.
  const unreachable = me.isError && me.error instanceof ApiError && me.error.status === 0;
  const noNetwork = !me.data && (unreachable || (me.isPending && me.fetchStatus === 'paused'));
  const offline = !!account && noNetwork;
  // The installed app opened afresh without a network: the profile kept with this token (lib/session.ts).
  const kept = noNetwork && !account ? offlineProfile() : null;
  useEffect(() => {
    if (kept) setProfile(kept);
  }, [kept]);

  if (!token) return <Navigate to="/" replace />;
  if (!offline && (me.isPending || !me.data || !account)) {
    if (kept) return <ShellSkeleton />;
    if ((me.isSuccess && !me.data) || me.isError) return <Navigate to="/" replace />;
    return <ShellSkeleton />;
  }

  return (
    <div className="flex min-h-svh bg-muted/30 dark:bg-background" data-testid="app-shell">
      {/* The first tab stop: past the menu and the top bar straight to the screen. */}
      <a
        href="#content"
        className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        data-testid="skip-link"
      >
        Skip to content
      </a>
      <Sidebar collapsed={collapsed} className="hidden md:flex" />
      <MobileSidebar open={mobileOpen} onOpenChange={setMobileOpen} />
      <div className={cn('flex min-w-0 flex-1 flex-col transition-[padding] duration-200', collapsed ? 'md:pl-16' : 'md:pl-64')}>
        <Header onToggleSidebar={() => setCollapsed((c) => !c)} onOpenMobile={() => setMobileOpen(true)} collapsed={collapsed} />
        <OfflinePunchSync />
        <main id="content" tabIndex={-1} className="min-w-0 flex-1 p-4 outline-none md:p-6 lg:p-8" data-testid="screen">
          <ErrorBoundary key={location.pathname}>
            {access.allowed ? (
              <Suspense fallback={<ScreenSkeleton />}>
                <Outlet />
              </Suspense>
            ) : (
              <NoAccessScreen />
            )}
          </ErrorBoundary>
        </main>
      </div>
    </div>
  );
}

function ShellSkeleton() {
  return (
    <div className="flex min-h-svh" data-testid="shell-loading">
      <div className="hidden w-64 flex-col gap-3 border-r p-4 md:flex">
        <Skeleton className="h-8 w-40" />
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} className="h-6 w-full" />
        ))}
      </div>
      <div className="flex-1 p-6">
        <Skeleton className="mb-6 h-10 w-full" />
        <ScreenSkeleton />
      </div>
    </div>
  );
}

export function ScreenSkeleton() {
  return (
    <div className="space-y-4">
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-32 w-full" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}

export default OutletLayout;
