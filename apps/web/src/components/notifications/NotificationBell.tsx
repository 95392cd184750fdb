import { useQueryClient } from '@tanstack/react-query';
import { Bell, CheckCheck } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { markNotificationsRead, notificationKeys, useNotifications, useUnreadCount } from './api';

/** The header's bell: the unread count, the latest notifications, a click opens one (and marks it read). */
export function NotificationBell() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const count = useUnreadCount();
  const list = useNotifications(open);
  const unread = count.data?.unread ?? 0;
  const rows = list.data?.rows ?? [];

  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  const markAll = async () => {
    try {
      await markNotificationsRead({ all: true });
    } finally {
      await refresh();
    }
  };

  // Before the server has the notifications (or when it refuses them) there is no bell.
  if (count.isError && !count.data) return null;

  return (
    <Popover
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        // Opening shows the latest: the count and the list are asked again.
        if (o) void refresh();
      }}
    >
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon-sm"
          className="relative"
          aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
          data-testid="notification-bell"
        >
          <Bell />
          {unread > 0 && (
            <span
              className="absolute -top-0.5 -right-0.5 min-w-4 rounded-full bg-destructive px-1 text-[10px] leading-4 font-semibold text-white"
              data-testid="notification-count"
            >
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-80 p-0" data-testid="notification-list">
        <div className="flex items-center justify-between border-b px-3 py-2">
          <span className="text-sm font-medium">Notifications</span>
          <Button
            variant="ghost"
            size="sm"
            className="h-7 px-2 text-xs"
            disabled={unread === 0}
            onClick={() => void markAll()}
            data-testid="mark-all-read"
          >
            <CheckCheck /> Mark all read
          </Button>
        </div>
        <div className="max-h-96 overflow-y-auto">
          {list.isLoading ? (
            <div className="grid gap-2 p-3">
              <Skeleton className="h-10" />
              <Skeleton className="h-10" />
            </div>
          ) : rows.length === 0 ? (
            <p className="px-3 py-6 text-center text-sm text-muted-foreground">Nothing yet.</p>
          ) : (
            <ul className="divide-y">
              {rows.map((n) => (
                <li key={n.id}>
                  <button
                    type="button"
                    className={cn('flex w-full gap-2 px-3 py-2 text-left text-sm hover:bg-accent', !n.readAt && 'bg-primary/5')}
                    onClick={async () => {
                      if (!n.readAt) {
                        try {
                          await markNotificationsRead({ ids: [n.id] });
                        } catch {
                          // still open it
                        }
                        void refresh();
                      }
                      if (n.link) {
                        setOpen(false);
                        navigate(n.link);
                      }
                    }}
                    data-testid="notification"
                    data-read={n.readAt ? 'yes' : 'no'}
                  >
                    <span className={cn('mt-1.5 size-2 shrink-0 rounded-full', n.readAt ? 'bg-transparent' : 'bg-primary')} />
                    <span className="min-w-0">
                      <span className={cn('block', !n.readAt && 'font-medium')}>{n.title}</span>
                      {n.body && <span className="block text-xs text-muted-foreground">{n.body}</span>}
                      <span className="block text-[11px] text-muted-foreground">{formatDateTime(n.createdAt)}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </PopoverContent>
    </Popover>
  );
}
