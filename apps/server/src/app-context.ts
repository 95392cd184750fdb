// The application context: what one app's configuration decides for all the work it does — the organisation's time
// zone (every "today" of the server), the password minimum, notification e-mail. It is entered once per request
// (`registerAppContext`, app.ts), per job run (jobs/runner.ts) and by the command-line entry points (main.ts,
// cluster.ts, seed/cli.ts), and read with `appContext()` (or its thin readers: orgZone / orgToday in org-zone.ts,
// auth/password.ts, requests/notify.ts). Two apps in one process (tests) each see their own; outside any context
// (a unit test of a pure function) the configuration's defaults apply.
import { AsyncLocalStorage } from 'node:async_hooks';
import { PASSWORD_MIN_LENGTH } from '@hr/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { type AppConfig, loadConfig } from './config';

/** Notification e-mail (SMTP_URL): whether it is set up, and how to wake the jobs runner that sends the copies. */
export interface NotificationMail {
  readonly enabled: boolean;
  kick(): void;
}

export interface AppContext {
  /** The organisation's IANA time zone (ORG_TIME_ZONE): its days begin at this zone's midnight. */
  readonly zone: string;
  /** The installation's password minimum (PASSWORD_MIN_LENGTH), never under the contract's floor. */
  readonly passwordMinLength: number;
  readonly mail: NotificationMail;
}

type ContextConfig = Pick<AppConfig, 'orgTimeZone' | 'passwordMinLength' | 'smtpUrl'>;

/** The context of an app built from `config`; `kickJobs` wakes its jobs runner (default: nothing to wake). */
export function appContextOf(config: ContextConfig, kickJobs: () => void = () => {}): AppContext {
  return Object.freeze({
    zone: config.orgTimeZone,
    passwordMinLength: Math.max(PASSWORD_MIN_LENGTH, config.passwordMinLength),
    mail: Object.freeze({ enabled: Boolean(config.smtpUrl), kick: kickJobs }),
  });
}

/** Outside any app: the configuration's defaults (Asia/Kolkata, the contract's minimum, no e-mail). */
const DEFAULTS = appContextOf(loadConfig({}));

const storage = new AsyncLocalStorage<AppContext>();

/** The context of the work running now: its app's, else the configuration's defaults. */
export const appContext = (): AppContext => storage.getStore() ?? DEFAULTS;

/** Runs `fn` (and everything it starts) in `context`. */
export function inAppContext<T>(context: AppContext, fn: () => T): T {
  return storage.run(context, fn);
}

/** Enters `context` for the rest of the current run (a command-line entry point, a bench). */
export function enterAppContext(context: AppContext): void {
  storage.enterWith(context);
}

/**
 * Every request of `app` runs in `context`: entered when it arrives, and again before validation, because a body
 * is read on the socket's own events (outside the first entry); the hooks, handler, serializer and error handler
 * that follow all run inside.
 */
export function registerAppContext(app: FastifyInstance, context: AppContext): void {
  const enter = (_request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => storage.run(context, done);
  app.addHook('onRequest', enter);
  app.addHook('preValidation', enter);
}
