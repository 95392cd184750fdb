// The notifications bell: the caller's notifications, the unread count, marking read. With SMTP_URL a job e-mails
// copies of new notifications (notify.ts).
import { ZMarkRead, ZNotificationList, ZNotificationsQuery, ZUnreadCount } from '@hr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listNotifications, markRead, unreadCount } from './notify';
import { signedIn } from './routes';

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['requests'];

  app.get(
    '/api/notifications',
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary: "The caller's notifications, newest first",
        querystring: ZNotificationsQuery,
        response: { 200: ZNotificationList },
      },
    },
    async (request) => listNotifications(app.db, request.auth.userId, request.query),
  );

  app.get(
    '/api/notifications/unread-count',
    {
      config: { access: signedIn },
      schema: { tags, summary: 'How many notifications are unread (the bell)', response: { 200: ZUnreadCount } },
    },
    async (request) => ({ unread: await unreadCount(app.db, request.auth.userId) }),
  );

  app.post(
    '/api/notifications/read',
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary: 'Marks the given notifications (or all) read; answers the unread count',
        body: ZMarkRead,
        response: { 200: ZUnreadCount },
      },
    },
    async (request) => ({ unread: await markRead(app.db, request.auth.userId, request.body) }),
  );
};
