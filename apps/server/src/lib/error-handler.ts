import type { TApiError } from '@hr/contract';
import { PlanError } from '@hr/payroll';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { AppError, type FieldErrors, STATUS_TEXT, TooManyRequests } from './errors';
import { mapPgError } from './pg-errors';

function body(statusCode: number, message: string, request: FastifyRequest, fieldErrors?: FieldErrors): TApiError {
  return {
    statusCode,
    error: STATUS_TEXT[statusCode] ?? 'Error',
    message,
    ...(fieldErrors && Object.keys(fieldErrors).length ? { fieldErrors } : {}),
    requestId: String(request.id),
  };
}

function addField(fe: FieldErrors, key: string, message: string) {
  if (!fe[key]) fe[key] = [];
  fe[key].push(message);
}

/** A zod error thrown by a handler's own `.parse()` (e.g. of a multipart field). */
function zodFieldErrors(err: ZodError): FieldErrors {
  const fe: FieldErrors = {};
  for (const issue of err.issues) addField(fe, issue.path.join('.') || '_', issue.message);
  return fe;
}

function send(reply: FastifyReply, request: FastifyRequest, status: number, message: string, fe?: FieldErrors) {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send(body(status, message, request, fe));
}

/** Turns every error into the ZApiError body; never a 500 for client input. */
export function registerErrorHandling(
  app: FastifyInstance,
  /** Serves the web app's index.html for unknown non-API GET paths (client-side routes). */
  spaFallback?: (request: FastifyRequest, reply: FastifyReply) => unknown,
) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fe: FieldErrors = {};
      for (const v of err.validation) {
        const key = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || err.validationContext || '_';
        addField(fe, key, v.message ?? 'Invalid value');
      }
      return send(reply, request, 400, 'Please correct the highlighted fields', fe);
    }
    if (err instanceof ZodError) {
      return send(reply, request, 400, 'Please correct the highlighted fields', zodFieldErrors(err));
    }
    const thrown: unknown = err;
    if (thrown instanceof AppError) {
      if (thrown instanceof TooManyRequests && thrown.retryAfterSeconds) {
        reply.header('retry-after', String(thrown.retryAfterSeconds));
      }
      return send(reply, request, thrown.statusCode, thrown.message, thrown.fieldErrors);
    }
    // The organisation's salary formulas do not compile (a head saved with a code or formula the engine cannot use):
    // whatever needed them (a back-dated structure's arrears, a settlement, a preview) cannot be done until they are
    // mended on the formulas screen — a state of the data, not a fault of the server.
    if (thrown instanceof PlanError) {
      return send(reply, request, 409, `The salary formulas cannot be used: ${thrown.problems.map((p) => p.message).join('; ')}`);
    }
    const mapped = mapPgError(err);
    if (mapped) {
      request.log.info({ err }, 'database refused client input');
      return send(reply, request, mapped.statusCode, mapped.message, mapped.fieldErrors);
    }
    // Fastify's own client errors: malformed JSON, empty body, unsupported media type, too large…
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      let message = err.message;
      if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError) {
        message = 'The request body is not valid JSON';
      } else if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        message = 'The request body is too large';
      }
      return send(reply, request, status, message);
    }
    request.log.error({ err }, 'unhandled error');
    return send(reply, request, 500, `Something went wrong on the server (request ${request.id})`);
  });

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?');
    if (spaFallback && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      return spaFallback(request, reply);
    }
    return send(reply, request, 404, `No such endpoint: ${request.method} ${request.url.split('?')[0]}`);
  });
}
