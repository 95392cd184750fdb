// The header bell's calls: the unread count (polled), the latest notifications, marking them read.
import type { TNotificationList } from '@hr/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { apiPath } from '@/lib/api-path';

export const notificationKeys = { all: ['notifications'] as const };

export function useUnreadCount() {
  return useQuery({
    queryKey: [...notificationKeys.all, 'unread'],
    queryFn: ({ signal }) =>
      api.get<{ unread: number }>(apiPath('/api/notifications/unread-count'), undefined, { signal, bypass_log: true, silent: true }),
    refetchInterval: 60_000,
    refetchIntervalInBackground: false,
    retry: false,
  });
}

export function useNotifications(enabled: boolean) {
  return useQuery({
    queryKey: [...notificationKeys.all, 'list'],
    queryFn: ({ signal }) =>
      api.get<TNotificationList>(apiPath('/api/notifications'), { page: 1, pageSize: 15 }, { signal, bypass_log: true, silent: true }),
    enabled,
  });
}

export const markNotificationsRead = (body: { ids?: number[]; all?: boolean }) =>
  api.post<null>(apiPath('/api/notifications/read'), body, { bypass_log: true, silent: true });
