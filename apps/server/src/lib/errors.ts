/**
 * Errors a handler throws on purpose. The error handler (lib/error-handler.ts) turns them into the
 * ZApiError body of @hr/contract: { statusCode, error, message, fieldErrors?, requestId }.
 */
export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fieldErrors?: FieldErrors,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 400: invalid input; `fieldErrors` maps a dotted field path to its messages. */
export class BadRequest extends AppError {
  constructor(message = 'Bad request', fieldErrors?: FieldErrors) {
    super(400, message, fieldErrors);
  }
}

export class Unauthorized extends AppError {
  constructor(message = 'Please sign in again') {
    super(401, message);
  }
}

export class Forbidden extends AppError {
  constructor(message = 'You do not have access to this') {
    super(403, message);
  }
}

export class NotFound extends AppError {
  constructor(message = 'Record not found') {
    super(404, message);
  }
}

/** 409: duplicate or state conflict; `field` (when given) names the offending field. */
export class Conflict extends AppError {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(409, message, field ? { [field]: [message] } : undefined);
  }
}

export class PayloadTooLarge extends AppError {
  constructor(message = 'The upload is too large') {
    super(413, message);
  }
}

export class TooManyRequests extends AppError {
  constructor(
    message = 'Too many requests; please wait and try again',
    readonly retryAfterSeconds?: number,
  ) {
    super(429, message);
  }
}

/** 426: the client (the mobile app) is older than the oldest supported version; the message says which to install. */
export class UpgradeRequired extends AppError {
  constructor(message: string) {
    super(426, message);
  }
}

/** Standard HTTP reason phrases for the `error` field. */
export const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  426: 'Upgrade Required',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};
