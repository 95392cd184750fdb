// The ADMS push protocol's answers are plain text, errors included: the /iclock scope's reply hooks and handlers.
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { AppError, TooManyRequests } from '../../lib/errors';

/** A protocol answer as plain text. */
export function sendText(reply: FastifyReply, body: string) {
  return reply.type('text/plain; charset=utf-8').send(body);
}

/**
 * Everything under /iclock answers in the protocol's plain text: an error as `ERROR: …` with its status (403 unknown
 * device, 429 too many calls, 400 a malformed call, 404 an unknown path), never the web app's page or a JSON body.
 * Replies carry the HTTP Date header in GMT, which terminals set their clock from (the protocol marks it required).
 */
export function plainTextAnswers(app: FastifyInstance) {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('date', new Date().toUTCString());
    return payload;
  });
  app.setErrorHandler((err: FastifyError, request, reply) => {
    let status = typeof err.statusCode === 'number' && err.statusCode >= 400 ? err.statusCode : 500;
    if (err.validation) status = 400;
    if ((err as unknown) instanceof TooManyRequests && (err as unknown as TooManyRequests).retryAfterSeconds) {
      reply.header('retry-after', String((err as unknown as TooManyRequests).retryAfterSeconds));
    }
    if (status >= 500) request.log.error({ err }, 'device call failed');
    const message =
      status >= 500
        ? `server error (request ${request.id})`
        : (err as unknown) instanceof AppError || status !== 400
          ? err.message
          : 'malformed request';
    return reply.code(status).type('text/plain; charset=utf-8').send(`ERROR: ${message}`);
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .type('text/plain; charset=utf-8')
      .send(`ERROR: no such device call: ${request.method} ${request.url.split('?')[0]}`),
  );
}
