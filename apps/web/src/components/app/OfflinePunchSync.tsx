// Sends the punches made without a network when it returns (lib/offline-punches.ts), and says so: a line while the
// browser is offline or punches wait, a toast for what was sent or refused. Mounted once in the signed-in shell.
import { useQueryClient } from '@tanstack/react-query';
import { CloudOff, RefreshCw } from 'lucide-react';
import { useCallback, useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { flushQueuedPunches, type TFlushOutcome, useQueuedPunches } from '@/lib/offline-punches';
import { useOnline } from '@/lib/online';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast-store';

const clock = (iso: string) => new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

function announce(outcome: TFlushOutcome) {
  const sent = outcome.sent.length;
  if (sent > 0) {
    const late = outcome.sent.filter((s) => s.result.late).length;
    toast({
      variant: 'success',
      title: sent === 1 ? 'The punch made offline was sent' : `${sent} punches made offline were sent`,
      description: late
        ? `${late} fell in a month whose salary is approved or locked: kept for the payroll office.`
        : 'They show in your punches, marked “recorded offline”.',
    });
  }
  for (const r of outcome.refused) {
    toast({
      variant: 'destructive',
      title: `The punch made offline at ${clock(r.punch.punchedAt)} was not stored`,
      description: r.message,
    });
  }
  if (outcome.stopped === 'upgrade')
    toast({ variant: 'destructive', title: 'Punches are waiting: a newer version of the app is required to send them' });
}

/** The offline line and the sending of waiting punches (nothing when online with none waiting). */
export function OfflinePunchSync() {
  const userId = useSession((s) => s.acc_dtls?.userId ?? null);
  const online = useOnline();
  const waiting = useQueuedPunches(userId);
  const queryClient = useQueryClient();

  const send = useCallback(async () => {
    if (userId === null) return;
    const outcome = await flushQueuedPunches(userId);
    announce(outcome);
    if (outcome.sent.length > 0)
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['attendance'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard', 'me'] }),
      ]);
  }, [userId, queryClient]);

  const pending = waiting.length;
  // At start and whenever the network returns; then every minute while punches wait (a server that was down).
  useEffect(() => {
    if (online && pending > 0) void send();
  }, [online, pending, send]);
  useEffect(() => {
    if (!online || pending === 0) return;
    const timer = setInterval(() => void send(), 60_000);
    return () => clearInterval(timer);
  }, [online, pending, send]);

  if (online && pending === 0) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
      data-testid="offline-status"
    >
      <CloudOff className="size-4 shrink-0" aria-hidden />
      <span>
        {online ? 'Back online.' : 'You are offline: punches are kept on this phone and sent when the network returns.'}
        {pending > 0 && (
          <strong className="ml-1" data-testid="offline-waiting">
            {pending === 1 ? '1 punch waiting to be sent.' : `${pending} punches waiting to be sent.`}
          </strong>
        )}
      </span>
      {online && pending > 0 && (
        <Button size="sm" variant="outline" className="h-7" onClick={() => void send()}>
          <RefreshCw /> Send now
        </Button>
      )}
    </div>
  );
}
