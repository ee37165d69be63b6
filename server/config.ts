import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v));

/** A proxy address as TRUST_PROXY lists it: an IP, a CIDR, or a proxy-addr range name. */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [ip, bits, ...rest] = entry.split('/');
  if (rest.length > 0 || net.isIP(ip) === 0) return false;
  if (bits === undefined) return true;
  const max = net.isIP(ip) === 4 ? 32 : 128;
  // A /0 range would trust every address: exactly what this setting must never do.
  return /^\d{1,3}$/.test(bits) && Number(bits) >= 1 && Number(bits) <= max;
}

/** What older settings meant by "behind a proxy", now trusted only on this machine (see below). */
const LEGACY_TRUST = 'loopback';

/**
 * TRUST_PROXY: false, or the proxies' addresses; refuses anything else. A hop count trusted one
 * hop from whoever connects, so a client reaching an instance directly chose its own address for
 * every limit: it is TRUST_PROXY_HOPS now, an explicit opt-in. The old `true` and `1` keep working
 * for a proxy on this machine (loopback) and the start says how to name another one.
 */
export function parseTrustProxy(value: string, ctx: z.RefinementCtx): false | string[] {
  const v = value.trim().toLowerCase();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true' || v === '1') return [LEGACY_TRUST];
  if (/^\d{1,2}$/.test(v)) {
    ctx.addIssue({
      code: 'custom',
      message: `the proxies' addresses or CIDRs (e.g. 10.0.0.5,10.0.0.0/24); a hop count is TRUST_PROXY_HOPS=${v} now`,
    });
    return z.NEVER;
  }
  const entries = v
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  if (entries.length > 0 && entries.every(isProxyAddress)) return entries;
  ctx.addIssue({
    code: 'custom',
    message: 'a hop count (e.g. 1), or comma-separated proxy addresses or CIDRs (e.g. 10.0.0.1,10.1.0.0/16)',
  });
  return z.NEVER;
}

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString,
  /** PostgreSQL connections per server instance. */
  DATABASE_POOL_SIZE: z.coerce.number().int().positive().default(20),
  /**
   * PostgreSQL keeps each SELECT prepared by name per connection. `false` behind a pooler in
   * transaction mode that does not carry named statements (PgBouncer before 1.21).
   */
  DATABASE_PREPARED_STATEMENTS: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  PUBLIC_URL: optionalString,
  JWT_SECRET: optionalString,
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('Устно <no-reply@ustno.local>'),
  ADMIN_USERNAME: optionalString,
  ADMIN_PASSWORD: optionalString,
  APP_TIMEZONE: z.string().default('Europe/Moscow'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Per-file cap of a teacher's upload (images, audio), in megabytes. */
  MAX_FILE_MB: z.coerce.number().positive().default(25),
  /** Cap of one exam recording, in megabytes (an hour at 32 kbit/s is about 15 MB). */
  MAX_RECORDING_MB: z.coerce.number().positive().default(200),
  /** Recording uploads read at once per instance; the others wait, their bytes in the sockets. */
  MAX_CONCURRENT_UPLOADS: z.coerce.number().int().positive().default(12),
  /** Days a resumable upload may sit untouched before its parts are removed. */
  UPLOAD_PARTS_MAX_AGE_DAYS: z.coerce.number().positive().default(7),
  /** Lifetime of a signed media URL, in seconds. */
  MEDIA_URL_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(6 * 3600),
  /**
   * Login attempts within LOGIN_WINDOW_MINUTES: per account from one address and per address
   * before 429; past the first limit from anywhere, one check of the account at a time, spaced
   * by a delay doubling up to LOGIN_DELAY_MAX_SECONDS (the rest 429), which a device cookie skips.
   */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().default(50),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  LOGIN_DELAY_MAX_SECONDS: z.coerce.number().int().min(0).max(60).default(8),
  /**
   * A rotated refresh token presented again this long after its rotation, while its successor
   * was never used, renews instead of counting as theft (its answer was lost on the way back).
   */
  REFRESH_REPLAY_GRACE_SECONDS: z.coerce.number().int().min(0).default(600),
  /** A session whose refresh token goes unused this many days ends (besides its 30-day limit). */
  REFRESH_IDLE_DAYS: z.coerce.number().positive().default(14),
  /**
   * Redis shared by several instances for rate-limit counters and the exam-day events; unset:
   * counted in memory, events through the database.
   */
  REDIS_URL: optionalString,
  /**
   * A comment line on every open event stream this often, so that proxies keep it open; at most
   * half of CONNECTION_TIMEOUT_SECONDS (a stream silent that long would be cut as idle).
   */
  PROGRESS_HEARTBEAT_SECONDS: z.coerce.number().positive().max(300).default(15),
  /** Without Redis, how often each instance reads the database's exam-day events. */
  PROGRESS_POLL_SECONDS: z.coerce.number().positive().max(60).default(1),
  /** Space for one teacher's files, in megabytes. */
  TEACHER_QUOTA_MB: z.coerce.number().positive().default(2048),
  /** Space for one student's recordings, all exams together, in megabytes. */
  STUDENT_STORAGE_MB: z.coerce.number().positive().default(1024),
  /** Recordings one student may keep per exam. */
  STUDENT_RECORDINGS_PER_EXAM: z.coerce.number().int().positive().default(30),
  /** Resumable uploads one student may hold unfinished (each part is a stored file). */
  STUDENT_OPEN_UPLOADS_MAX: z.coerce.number().int().positive().default(10),
  /** Registrations and recovery requests per client address per hour. */
  REGISTRATIONS_PER_HOUR: z.coerce.number().int().positive().default(60),
  RECOVERIES_PER_HOUR: z.coerce.number().int().positive().default(20),
  /** Longest time to receive one whole request, and the longest silence on a connection. */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().positive().default(300),
  CONNECTION_TIMEOUT_SECONDS: z.coerce.number().positive().default(60),
  /** Pages of the global student list one teacher may ask for per hour. */
  GLOBAL_SEARCH_PER_HOUR: z.coerce.number().int().positive().default(300),
  /** Student accounts one teacher may create per hour (a teacher account is open to anyone). */
  TEACHER_STUDENTS_PER_HOUR: z.coerce.number().int().positive().default(100),
  /** Serve the built PWA from this folder when it exists. */
  STATIC_DIR: z.string().default('./dist'),
  /** Media in an S3-protocol bucket instead of DATA_DIR/storage when S3_BUCKET is set. */
  S3_BUCKET: optionalString,
  /** Unset: AWS itself; set for MinIO, Yandex Object Storage, Ceph and the like. */
  S3_ENDPOINT: optionalString,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /** Media addresses redirect to pre-signed bucket addresses instead of streaming through. */
  S3_MEDIA_REDIRECT: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /**
   * Behind a proxy: the proxies' addresses (comma-separated IPs or CIDRs), whose X-Forwarded-For
   * is believed. Never "trust everything"; the old `true` / `1`: a proxy on this machine.
   */
  TRUST_PROXY: z.string().default('false').transform(parseTrustProxy),
  /** Proxy hops to believe from whoever connects: only where no client can reach the app directly. */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
});

/** A shorter JWT_SECRET could be guessed offline from any access token. */
export const MIN_SECRET_BYTES = 32;

/** Whom Fastify trusts for X-Forwarded-For: nobody, that many hops (TRUST_PROXY_HOPS), or these proxies. */
export type TrustProxy = false | number | string[];

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  databasePreparedStatements: boolean;
  publicUrl: string;
  jwtSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  timezone: string;
  logLevel: z.infer<typeof configSchema>['LOG_LEVEL'];
  maxFileBytes: number;
  maxRecordingBytes: number;
  maxConcurrentUploads: number;
  uploadPartsMaxAgeDays: number;
  mediaUrlTtlSeconds: number;
  loginMaxFailuresPerAccount: number;
  loginMaxFailuresPerAddress: number;
  loginWindowMinutes: number;
  loginDelayMaxSeconds: number;
  refreshReplayGraceSeconds: number;
  refreshIdleSeconds: number;
  staticDir: string;
  trustProxy: TrustProxy;
  /** Settings that still work but should change: told once in the log at start. */
  startupWarnings: string[];
  /** Where media lives when not under DATA_DIR/storage. */
  s3: S3Config | undefined;
  redisUrl: string | undefined;
  progressHeartbeatMs: number;
  progressPollMs: number;
  globalSearchPerHour: number;
  teacherStudentsPerHour: number;
  teacherQuotaBytes: number;
  studentStorageBytes: number;
  studentRecordingsPerExam: number;
  studentOpenUploadsMax: number;
  registrationsPerAddressPerHour: number;
  recoveriesPerAddressPerHour: number;
  requestTimeoutMs: number;
  connectionTimeoutMs: number;
}

export interface S3Config {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  /** Both or neither; neither leaves credentials to the SDK's own chain (instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
  /** Answer media addresses with a redirect to a pre-signed address (needs CORS on the bucket). */
  mediaRedirect: boolean;
}

/** Parses settings once; nothing else in the server reads process.env. */
/**
 * Whether the time zone is one `Intl.DateTimeFormat` takes. The list of zones first: a formatter
 * loads ICU's date data (8 MB of the server's memory at start) for a check; only a name not in the
 * list (an alias such as `UTC`, another spelling) is tried on one.
 */
function isTimeZone(zone: string): boolean {
  if (Intl.supportedValuesOf('timeZone').includes(zone)) return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.JWT_SECRET !== undefined && Buffer.byteLength(c.JWT_SECRET, 'utf8') < MIN_SECRET_BYTES) {
    throw new Error(
      `Invalid configuration:\nJWT_SECRET: at least ${MIN_SECRET_BYTES} bytes (e.g. openssl rand -base64 48), or unset to generate one`,
    );
  }
  if (!isTimeZone(c.APP_TIMEZONE)) {
    throw new Error(`Invalid configuration:\nAPP_TIMEZONE: unknown time zone ${c.APP_TIMEZONE}`);
  }
  if (c.TRUST_PROXY_HOPS > 0 && c.TRUST_PROXY !== false) {
    throw new Error('Invalid configuration:\nTRUST_PROXY_HOPS and TRUST_PROXY: set one of them, not both');
  }
  const startupWarnings: string[] = [];
  const legacyTrust = (env.TRUST_PROXY ?? '').trim();
  if (/^(true|1)$/i.test(legacyTrust)) {
    startupWarnings.push(
      `TRUST_PROXY=${legacyTrust} now trusts only a proxy on this machine (loopback): name a proxy elsewhere by its address, e.g. TRUST_PROXY=10.0.0.5, or set TRUST_PROXY_HOPS=1 where no client can reach the app directly`,
    );
  }
  if ((c.S3_ACCESS_KEY_ID === undefined) !== (c.S3_SECRET_ACCESS_KEY === undefined)) {
    throw new Error('Invalid configuration:\nS3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  }
  if (!c.S3_BUCKET && (c.S3_ENDPOINT || c.S3_ACCESS_KEY_ID)) {
    throw new Error('Invalid configuration:\nS3_BUCKET: required when other S3_ settings are given');
  }
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    databasePoolSize: c.DATABASE_POOL_SIZE,
    databasePreparedStatements: c.DATABASE_PREPARED_STATEMENTS,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ''),
    jwtSecret: c.JWT_SECRET,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    adminUsername: c.ADMIN_USERNAME,
    adminPassword: c.ADMIN_PASSWORD,
    timezone: c.APP_TIMEZONE,
    logLevel: c.LOG_LEVEL,
    maxFileBytes: Math.round(c.MAX_FILE_MB * 1024 * 1024),
    maxRecordingBytes: Math.round(c.MAX_RECORDING_MB * 1024 * 1024),
    maxConcurrentUploads: c.MAX_CONCURRENT_UPLOADS,
    uploadPartsMaxAgeDays: c.UPLOAD_PARTS_MAX_AGE_DAYS,
    mediaUrlTtlSeconds: c.MEDIA_URL_TTL_SECONDS,
    loginMaxFailuresPerAccount: c.LOGIN_MAX_FAILURES_PER_ACCOUNT,
    loginMaxFailuresPerAddress: c.LOGIN_MAX_FAILURES_PER_ADDRESS,
    loginWindowMinutes: c.LOGIN_WINDOW_MINUTES,
    loginDelayMaxSeconds: c.LOGIN_DELAY_MAX_SECONDS,
    refreshReplayGraceSeconds: c.REFRESH_REPLAY_GRACE_SECONDS,
    refreshIdleSeconds: Math.round(c.REFRESH_IDLE_DAYS * 86_400),
    staticDir: path.resolve(c.STATIC_DIR),
    trustProxy: c.TRUST_PROXY_HOPS > 0 ? c.TRUST_PROXY_HOPS : c.TRUST_PROXY,
    startupWarnings,
    s3: c.S3_BUCKET
      ? {
          bucket: c.S3_BUCKET,
          endpoint: c.S3_ENDPOINT,
          region: c.S3_REGION,
          credentials:
            c.S3_ACCESS_KEY_ID && c.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: c.S3_ACCESS_KEY_ID, secretAccessKey: c.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: c.S3_FORCE_PATH_STYLE,
          mediaRedirect: c.S3_MEDIA_REDIRECT,
        }
      : undefined,
    redisUrl: c.REDIS_URL,
    progressHeartbeatMs: Math.round(
      Math.min(c.PROGRESS_HEARTBEAT_SECONDS, c.CONNECTION_TIMEOUT_SECONDS / 2) * 1000,
    ),
    progressPollMs: Math.round(c.PROGRESS_POLL_SECONDS * 1000),
    globalSearchPerHour: c.GLOBAL_SEARCH_PER_HOUR,
    teacherStudentsPerHour: c.TEACHER_STUDENTS_PER_HOUR,
    teacherQuotaBytes: Math.round(c.TEACHER_QUOTA_MB * 1024 * 1024),
    studentStorageBytes: Math.round(c.STUDENT_STORAGE_MB * 1024 * 1024),
    studentRecordingsPerExam: c.STUDENT_RECORDINGS_PER_EXAM,
    studentOpenUploadsMax: c.STUDENT_OPEN_UPLOADS_MAX,
    registrationsPerAddressPerHour: c.REGISTRATIONS_PER_HOUR,
    recoveriesPerAddressPerHour: c.RECOVERIES_PER_HOUR,
    requestTimeoutMs: Math.round(c.REQUEST_TIMEOUT_SECONDS * 1000),
    connectionTimeoutMs: Math.round(c.CONNECTION_TIMEOUT_SECONDS * 1000),
  };
}
