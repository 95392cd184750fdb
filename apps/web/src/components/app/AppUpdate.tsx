/// <reference types="vite-plugin-pwa/react" />
// The installed app's updates (issue 29). The service worker (vite-plugin-pwa, Workbox) keeps the app's shell so it opens
// without a network; when a new version is deployed its worker waits, and this bar offers it ("Update" reloads into it).
// The APK version master's rule applies to this app too: below the minimum supported version code (APP_VERSION_CODE
// is this build's) a dialog says a newer version is required, and the server refuses its punches (426).

import { useRegisterSW } from 'virtual:pwa-register/react';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';
import { APP_VERSION_CODE, APP_VERSION_NAME } from '@/lib/app-version';

type TLatest = { latestVersionCode: number; latestVersionName: string; minSupportedVersionCode: number; mustUpdate?: boolean };

/** Checks for a new version every hour while the app stays open (a phone keeps it open for days). */
const CHECK_EVERY_MS = 60 * 60 * 1000;

function useRequiredVersion() {
  return useQuery({
    queryKey: ['app', 'required-version'],
    queryFn: ({ signal }) =>
      api.get<TLatest>(
        apiPath('/api/public/apk-version/latest'),
        { versionCode: APP_VERSION_CODE },
        { signal, silent: true, bypass_log: true },
      ),
    retry: false,
    staleTime: CHECK_EVERY_MS,
    refetchInterval: CHECK_EVERY_MS,
  });
}

export function AppUpdate() {
  const [registration, setRegistration] = useState<ServiceWorkerRegistration | null>(null);
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, reg) {
      if (!reg) return;
      setRegistration(reg);
      setInterval(() => void reg.update().catch(() => undefined), CHECK_EVERY_MS);
    },
  });
  const required = useRequiredVersion();
  const [dismissed, setDismissed] = useState(false);
  const mustUpdate = required.data?.mustUpdate === true;

  const update = async () => {
    if (needRefresh) {
      await updateServiceWorker(true);
      return;
    }
    // No new version waiting yet: ask the server for one, then load it.
    await registration?.update().catch(() => undefined);
    window.location.reload();
  };

  return (
    <>
      {needRefresh && !mustUpdate && (
        <div
          role="status"
          className="fixed inset-x-3 bottom-3 z-50 flex flex-wrap items-center gap-3 rounded-lg border bg-card p-3 text-sm shadow-lg sm:inset-x-auto sm:right-4 sm:max-w-md"
          data-testid="app-update"
        >
          <span className="min-w-0 flex-1">A new version of the app is ready.</span>
          <Button size="sm" onClick={() => void update()}>
            <Download /> Update
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setNeedRefresh(false)}>
            Later
          </Button>
        </div>
      )}
      <Dialog open={mustUpdate && !dismissed} onOpenChange={(open) => !open && setDismissed(true)}>
        <DialogContent data-testid="app-update-required">
          <DialogHeader>
            <DialogTitle>A newer version is required</DialogTitle>
            <DialogDescription>
              This version of the app ({APP_VERSION_NAME}) is no longer supported: install version {required.data?.latestVersionName} (
              {required.data?.latestVersionCode}) or later. Until then punches from this app are refused; punches kept on this phone wait
              and are sent after the update.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setDismissed(true)}>
              Not now
            </Button>
            <Button onClick={() => void update()}>
              <Download /> Update now
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
