import path from 'node:path';
import { z } from 'zod';

/** Environment read and validated once; nothing else reads process.env. */
const ZBool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const ZConfig = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** A streaming replica of DATABASE_URL: reports, exports and dashboards read from it (writes stay on the primary). */
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Redis for what several API nodes share (rate-limit counters, cache invalidation); unset: the database does it. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Prefix of this installation's Redis keys and channel (several installations on one Redis). */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_:.-]{1,40}$/, 'letters, digits and _ : . - only')
    .default('hr:'),
  /** Connections per API process to PostgreSQL (DATABASE_URL only). */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(10),
  /**
   * Seconds a pooled PostgreSQL connection may sit idle before it is closed. Long by default: a connection opened
   * again pays for its backend and re-prepares every hot statement, which showed as the open-loop load's p99.
   */
  DATABASE_POOL_IDLE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /** API processes behind the port (Node's cluster; PostgreSQL only): 1 (default), N, or 0 for one per core. */
  API_PROCESSES: z.coerce.number().int().min(0).max(64).default(1),
  /** Server-side prepared statements for the hot queries (DATABASE_URL only); off behind a transaction-mode pooler. */
  DATABASE_PREPARED_STATEMENTS: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => v !== 'false' && v !== '0'),
  /** Embedded database folder (PGlite) and uploaded files; relative paths resolve from the working directory. */
  DATA_DIR: z.string().min(1).default('./data'),
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(120),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().positive().default(12),
  /** Sign-in failures (within the window) before each further attempt waits a growing delay: the account from one address. */
  SIGNIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  /** … the account from all addresses together (a guesser spread over many addresses; not for addresses it signed in from). */
  SIGNIN_MAX_FAILURES_PER_ACCOUNT_ANY_ADDRESS: z.coerce.number().int().positive().default(30),
  SIGNIN_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(20),
  SIGNIN_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  /** The first delay after those failures; it doubles with each further failure, up to the window. */
  SIGNIN_DELAY_SECONDS: z.coerce.number().positive().default(30),
  /** The shortest new password (never below the built-in 10). */
  PASSWORD_MIN_LENGTH: z.coerce.number().int().min(10).max(128).default(10),
  UPLOAD_MAX_MB: z.coerce.number().positive().default(10),
  /** Where uploaded and generated files live: `local` (DATA_DIR/files) or `s3` (an S3-compatible bucket, S3_*). */
  FILE_STORAGE: z.enum(['local', 's3']).default('local'),
  /** The S3-compatible endpoint (MinIO, Ceph, …; path-style addressing); unset: AWS S3 itself. */
  S3_ENDPOINT: z
    .string()
    .regex(/^https?:\/\//, 'must be an http:// or https:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name')
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** The keys; unset: the AWS SDK's own chain (environment, instance role). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ORG_TIME_ZONE: z.string().min(1).default('Asia/Kolkata'),
  WEB_DIST: z.string().min(1).default('apps/web/dist'),
  /** Trust X-Forwarded-For (set when running behind a load balancer / reverse proxy). */
  TRUST_PROXY: ZBool,
  /** Calls one biometric device may make per minute (over all API nodes) before it is answered 429. */
  DEVICE_RATE_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /** A device's punch line timed more than this ahead of the server's clock is refused (acknowledged, counted, not stored). */
  DEVICE_CLOCK_SKEW_MINUTES: z.coerce.number().int().min(0).max(1440).default(10),
  /** A device's punch line older than this many days is refused (acknowledged, counted, not stored). */
  DEVICE_PUNCH_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(3650).default(60),
  /** How long a running job stays claimed without a heartbeat: after a crash, another process takes it up after this. */
  JOB_LEASE_SECONDS: z.coerce.number().positive().default(60),
  /** Outgoing mail (payslips by e-mail), e.g. smtp://user:pass@smtp.example.com:587 or smtps://…; unset = no e-mail. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The sender of those e-mails. */
  SMTP_FROM: z.string().min(3).default('Payroll <payroll@localhost>'),
  /** A second web / phone punch within this many seconds is a double tap, refused with 409. */
  PUNCH_MIN_GAP_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** Map tiles for employee tracking ({z}/{x}/{y}); empty: the tracking screen shows a list only. */
  MAP_TILE_URL: z.string().max(300).default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
});

export type AppConfig = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  databaseReadUrl: string | undefined;
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  databasePoolMax: number;
  databasePoolIdleSeconds: number;
  databasePreparedStatements: boolean;
  apiProcesses: number;
  dataDir: string;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  signInMaxFailuresPerAccount: number;
  signInMaxFailuresPerAccountAnyAddress: number;
  signInMaxFailuresPerIp: number;
  signInWindowMinutes: number;
  signInDelaySeconds: number;
  passwordMinLength: number;
  uploadMaxMb: number;
  fileStorage: 'local' | 's3';
  s3: {
    endpoint: string | undefined;
    bucket: string;
    region: string;
    accessKeyId: string | undefined;
    secretAccessKey: string | undefined;
  };
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  orgTimeZone: string;
  webDist: string;
  trustProxy: boolean;
  deviceRatePerMinute: number;
  deviceClockSkewMinutes: number;
  devicePunchMaxAgeDays: number;
  jobLeaseSeconds: number;
  smtpUrl: string | undefined;
  smtpFrom: string;
  mapTileUrl: string;
  punchMinGapSeconds: number;
};

export function loadConfig(env: Record<string, string | undefined> = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const parsed = ZConfig.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  try {
    new Intl.DateTimeFormat('en-IN', { timeZone: e.ORG_TIME_ZONE });
  } catch {
    throw new Error(`Invalid environment:\n  ORG_TIME_ZONE: unknown time zone '${e.ORG_TIME_ZONE}'`);
  }
  if (e.FILE_STORAGE === 's3' && !e.S3_BUCKET) throw new Error('Invalid environment:\n  S3_BUCKET: required with FILE_STORAGE=s3');
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY)
    throw new Error('Invalid environment:\n  S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: give both or neither');
  if (e.DATABASE_READ_URL && !e.DATABASE_URL)
    throw new Error('Invalid environment:\n  DATABASE_READ_URL: a replica needs DATABASE_URL (the embedded database has none)');
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseReadUrl: e.DATABASE_READ_URL,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    databasePoolMax: e.DATABASE_POOL_MAX,
    databasePoolIdleSeconds: e.DATABASE_POOL_IDLE_SECONDS,
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS,
    apiProcesses: e.API_PROCESSES,
    dataDir: path.resolve(e.DATA_DIR),
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionAbsoluteHours: e.SESSION_ABSOLUTE_HOURS,
    signInMaxFailuresPerAccount: e.SIGNIN_MAX_FAILURES_PER_ACCOUNT,
    signInMaxFailuresPerAccountAnyAddress: e.SIGNIN_MAX_FAILURES_PER_ACCOUNT_ANY_ADDRESS,
    signInMaxFailuresPerIp: e.SIGNIN_MAX_FAILURES_PER_IP,
    signInWindowMinutes: e.SIGNIN_WINDOW_MINUTES,
    signInDelaySeconds: e.SIGNIN_DELAY_SECONDS,
    passwordMinLength: e.PASSWORD_MIN_LENGTH,
    uploadMaxMb: e.UPLOAD_MAX_MB,
    fileStorage: e.FILE_STORAGE,
    s3: {
      endpoint: e.S3_ENDPOINT,
      bucket: e.S3_BUCKET ?? '',
      region: e.S3_REGION,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    },
    logLevel: e.LOG_LEVEL,
    orgTimeZone: e.ORG_TIME_ZONE,
    webDist: path.resolve(e.WEB_DIST),
    trustProxy: e.TRUST_PROXY,
    deviceRatePerMinute: e.DEVICE_RATE_PER_MINUTE,
    deviceClockSkewMinutes: e.DEVICE_CLOCK_SKEW_MINUTES,
    devicePunchMaxAgeDays: e.DEVICE_PUNCH_MAX_AGE_DAYS,
    jobLeaseSeconds: e.JOB_LEASE_SECONDS,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    mapTileUrl: e.MAP_TILE_URL,
    punchMinGapSeconds: e.PUNCH_MIN_GAP_SECONDS,
    ...overrides,
  };
}
