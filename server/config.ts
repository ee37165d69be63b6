import path from 'node:path';
import { z } from 'zod';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v));

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString,
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
  /** Lifetime of a signed media URL, in seconds. */
  MEDIA_URL_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(6 * 3600),
  /** Failed logins allowed per account and per address within LOGIN_WINDOW_MINUTES. */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().default(50),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  /** Serve the built PWA from this folder when it exists. */
  STATIC_DIR: z.string().default('./dist'),
  /** Behind a proxy, trust X-Forwarded-* for client addresses. */
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
});

export type RawConfig = z.input<typeof configSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
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
  mediaUrlTtlSeconds: number;
  loginMaxFailuresPerAccount: number;
  loginMaxFailuresPerAddress: number;
  loginWindowMinutes: number;
  staticDir: string;
  trustProxy: boolean;
}

/** Parses settings once; nothing else in the server reads process.env. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  try {
    new Intl.DateTimeFormat('en', { timeZone: c.APP_TIMEZONE });
  } catch {
    throw new Error(`Invalid configuration:\nAPP_TIMEZONE: unknown time zone ${c.APP_TIMEZONE}`);
  }
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
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
    mediaUrlTtlSeconds: c.MEDIA_URL_TTL_SECONDS,
    loginMaxFailuresPerAccount: c.LOGIN_MAX_FAILURES_PER_ACCOUNT,
    loginMaxFailuresPerAddress: c.LOGIN_MAX_FAILURES_PER_ADDRESS,
    loginWindowMinutes: c.LOGIN_WINDOW_MINUTES,
    staticDir: path.resolve(c.STATIC_DIR),
    trustProxy: c.TRUST_PROXY,
  };
}
