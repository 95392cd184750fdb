/**
 * The shared request function (spec section 7) and a throwing, typed variant for TanStack Query.
 *
 *   request(url, 1, body, { signal })   POST JSON; pass an AbortSignal to cancel
 *   request(url, 2, body?)              DELETE (body, when given, as JSON)
 *   request(url, 0, query?)             GET (any other code) with the payload as query parameters
 *
 * Every call sends `Authorization: Bearer <Qq5odp>` when a token exists, plus the caller's extra headers.
 * While a call is pending the global spinner shows, unless it is flagged `bypass_log`. On ANY error the
 * destructive 'ERR!!' toast shows the server's message and `request` returns undefined; a 401 also clears
 * the session and sends the user to '/'.
 */
import type { TApiError } from '@hr/contract';
import { requestEnded, requestStarted } from './loading';
import { clearSession, getToken } from './session';
import { errorToast } from './toast-store';

export const API_BASE = '';

export type QueryValue = string | number | boolean | null | undefined | Array<string | number | boolean>;

export type RequestOptions = {
  /** Do not raise the global spinner for this call. */
  bypass_log?: boolean;
  /** Extra headers (a `bypass_log` header also skips the spinner). */
  headers?: Record<string, string>;
  /** Cancels the call (method 1; honoured by every method). */
  signal?: AbortSignal;
  /** For code 1: send as PUT or PATCH instead of POST (same JSON body and handling). */
  httpMethod?: 'POST' | 'PUT' | 'PATCH';
  /** How to read a successful body; default JSON (empty body → null). */
  responseType?: 'json' | 'blob' | 'text';
  /** Called with the error as well as the toast (forms use it for inline field errors). */
  onError?: (error: ApiError) => void;
  /**
   * Do not show the 'ERR!!' toast (the caller shows the error itself). A 401 that ends the session is shown even
   * so: the user is about to be taken to sign-in and must see why.
   */
  silent?: boolean;
  /** The call ends the session itself (sign-out): a 401 then means it had already ended, and is not shown. */
  endingSession?: boolean;
};

/** An API or network failure with the server's error body when there was one. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: TApiError | null;
  constructor(status: number, message: string, body: TApiError | null = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
  get fieldErrors(): Record<string, string[]> {
    return this.body?.fieldErrors ?? {};
  }
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {
  if (typeof window !== 'undefined' && window.location.pathname !== '/') window.location.replace('/');
};

/** The router registers how to go to '/' without a page reload. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

export function withQuery(url: string, query?: Record<string, QueryValue> | null): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.append(key, String(value));
  }
  const qs = params.toString();
  if (!qs) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${qs}`;
}

function httpMethodFor(code: number, options: RequestOptions): 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' {
  if (code === 1) return options.httpMethod ?? 'POST';
  if (code === 2) return 'DELETE';
  return 'GET';
}

async function readError(res: Response): Promise<ApiError> {
  let body: TApiError | null = null;
  let message = res.statusText || `Request failed (${res.status})`;
  try {
    const text = await res.text();
    if (text) {
      const parsed = JSON.parse(text) as Partial<TApiError>;
      if (parsed && typeof parsed.message === 'string') {
        body = parsed as TApiError;
        message = parsed.message;
      }
    }
  } catch {
    // not JSON: keep the status text
  }
  if (res.status === 429 && !body) message = 'Too many attempts. Please wait a few minutes and try again.';
  return new ApiError(res.status, message, body);
}

/** The core: performs the call, keeps the counter, throws ApiError on any failure (after the toast). */
async function send<T>(url: string, code: number, payload: unknown, options: RequestOptions = {}): Promise<T> {
  const method = httpMethodFor(code, options);
  const headers: Record<string, string> = { accept: 'application/json', ...(options.headers ?? {}) };
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const bypass = options.bypass_log === true || (headers.bypass_log !== undefined && headers.bypass_log !== 'false');
  if (options.bypass_log) headers.bypass_log = 'true';

  let target = API_BASE + url;
  let body: BodyInit | undefined;
  if (method === 'GET') {
    target = withQuery(target, payload as Record<string, QueryValue> | undefined);
  } else if (payload instanceof FormData) {
    body = payload;
  } else if (payload !== undefined) {
    headers['content-type'] = 'application/json';
    // A number field holding a non-number (NaN, as Number('two') makes) goes as the text 'NaN', not JSON's null, so
    // the server answers "… must be a number" rather than "… is required".
    body = JSON.stringify(payload, (_key, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? 'NaN' : v));
  }

  if (!bypass) requestStarted();
  let sessionEnded = false;
  try {
    let res: Response;
    try {
      res = await fetch(target, { method, headers, body, signal: options.signal });
    } catch (err) {
      if ((err as Error)?.name === 'AbortError') throw new ApiError(0, 'The request was cancelled.');
      throw new ApiError(0, 'Could not reach the server. Check your connection and try again.');
    }
    if (!res.ok) {
      const error = await readError(res);
      if (res.status === 401 && token) {
        sessionEnded = true;
        clearSession();
        onUnauthorized();
      }
      throw error;
    }
    if (options.responseType === 'blob') return (await res.blob()) as T;
    const text = await res.text();
    if (options.responseType === 'text') return text as T;
    if (!text) return null as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new ApiError(res.status, 'The server sent a response that could not be read.');
    }
  } catch (err) {
    const error = err instanceof ApiError ? err : new ApiError(0, (err as Error)?.message || 'Unexpected error');
    const cancelled = error.status === 0 && options.signal?.aborted;
    // A read while the browser is offline: the screen shows its own error and the shell says it is offline (issue 29).
    const offlineRead = error.status === 0 && method === 'GET' && globalThis.navigator?.onLine === false;
    if (!cancelled) {
      options.onError?.(error);
      if ((!options.silent && !offlineRead) || (sessionEnded && !options.endingSession)) errorToast(error.message);
    }
    throw error;
  } finally {
    if (!bypass) requestEnded();
  }
}

/**
 * The spec's shared request: returns the parsed body (null for an empty one), or undefined after any error
 * (the error toast has been shown).
 */
export async function request<T = any>(url: string, method: number, payload?: unknown, options?: RequestOptions): Promise<T | undefined> {
  try {
    return await send<T>(url, method, payload, options);
  } catch {
    return undefined;
  }
}

/**
 * Typed, throwing variant for TanStack Query (queries need a rejected promise to enter their error state).
 * Same headers, spinner, toast and 401 handling as `request`. Paths come from `apiPath()` (lib/api-path.ts).
 *
 *   useQuery({ queryKey: ['employee', id], queryFn: ({ signal }) => api.get<TEmployee>(apiPath('/api/employees/:id', { id }), undefined, { signal }) })
 */
export const api = {
  get: <T>(url: string, query?: Record<string, QueryValue>, options?: RequestOptions) => send<T>(url, 0, query, options),
  post: <T>(url: string, body?: unknown, options?: RequestOptions) => send<T>(url, 1, body, options),
  put: <T>(url: string, body?: unknown, options?: RequestOptions) => send<T>(url, 1, body, { ...options, httpMethod: 'PUT' }),
  patch: <T>(url: string, body?: unknown, options?: RequestOptions) => send<T>(url, 1, body, { ...options, httpMethod: 'PATCH' }),
  delete: <T = null>(url: string, body?: unknown, options?: RequestOptions) => send<T>(url, 2, body, options),
};
