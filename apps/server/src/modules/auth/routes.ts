import { ZChangePasswordRequest, ZMeResponse, ZSignInRequest, ZSignInResponse } from '@hr/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { revokeSession } from '../access/session';
import { loadMe } from './me';
import { changeOwnPassword, signIn } from './service';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/auth/sign-in',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with user name (or e-mail) and password',
        security: [],
        body: ZSignInRequest,
        response: { 200: ZSignInResponse },
      },
    },
    async (request) => {
      const { token, expiresAt } = await signIn(app.db, app.config, {
        ...request.body,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      request.log.info({ userName: request.body.userName }, 'signed in');
      return { token, expiresAt: expiresAt.toISOString() };
    },
  );

  app.post(
    '/api/auth/sign-out',
    {
      config: { access: 'signedIn' },
      schema: { tags: ['auth'], summary: 'Revoke the bearer token', response: { 204: z.null() } },
    },
    async (request, reply) => {
      await revokeSession(app.db, request.auth.sessionId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/auth/password',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['auth'],
        summary: 'Change your own password (the current one, then a new one under the policy); ends your other sessions',
        body: ZChangePasswordRequest,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await changeOwnPassword(app.db, app.config, request.auth, { ...request.body, ip: request.ip, requestId: request.id });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/auth/me',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in account, its units and its menus',
        response: { 200: ZMeResponse },
      },
    },
    async (request) => loadMe(app.db, request.auth),
  );
};
