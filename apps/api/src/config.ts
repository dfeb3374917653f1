import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { parseS3Url } from './lib/s3-url.js';

const Bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

const Env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  /**
   * PGlite data and uploaded files live here when DATABASE_URL is unset (default: `data` in the repository
   * root, whichever workspace a command runs in; a relative path is taken from where npm was run).
   */
  DATA_DIR: z.string().optional(),
  /** Set by npm to the folder it was run from (the workspace scripts themselves run elsewhere). */
  INIT_CWD: z.string().optional(),
  /** postgres://... switches from the embedded database to PostgreSQL. */
  DATABASE_URL: z.string().url().optional(),
  /** The staging environment's PostgreSQL database (default: DATABASE_URL's database name + `_staging`). */
  STAGING_DATABASE_URL: z.string().url().optional(),
  /**
   * Where uploaded and rendered files live: unset is DATA_DIR/files; `s3://bucket/prefix` is an S3-compatible
   * bucket (region and credentials from the usual AWS variables; S3_ENDPOINT for a server other than AWS).
   */
  STORAGE_URL: z
    .string()
    .refine((url) => parseS3Url(url) !== null, 's3://bucket or s3://bucket/prefix')
    .optional(),
  /** The S3-compatible server's address (MinIO, Ceph…); AWS_ENDPOINT_URL_S3 is read too. */
  S3_ENDPOINT: z.string().url().optional(),
  AWS_ENDPOINT_URL_S3: z.string().url().optional(),
  AWS_REGION: z.string().min(1).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** Signs CSRF tokens; required in production, generated and kept in the database otherwise. */
  APP_SECRET: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seed demo data into an empty database at start (default: on unless NODE_ENV=production). */
  SEED_DEMO: Bool,
  /**
   * Check each answer against its zod schema beside the compiled writer (default: on unless
   * NODE_ENV=production): a bug in a route's answer fails there instead of reaching a client.
   */
  RESPONSE_CHECK: Bool,
  /** Serve the web builds from apps/web/dist (default on). */
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  /**
   * Minutes of inactivity after which any session (resident, staff, operator) ends, whatever its
   * SESSION_TTL_HOURS (decision 0044); fractions are accepted down to a quarter minute (browser tests).
   */
  SESSION_IDLE_MINUTES: z.coerce.number().min(0.25).max(1440).default(30),
  /** Failed attempts one client address may make per route family (staff sign-in, card PIN...) per window. */
  SIGN_IN_ADDRESS_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(100),
  /** The window of SIGN_IN_ADDRESS_LIMIT, in minutes. */
  SIGN_IN_ADDRESS_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  /**
   * Requests one session may make per window in each route family (decision 0045): reads (GET), writes,
   * uploads and jobs (writes answered 202). One client address may make RATE_LIMIT_ADDRESS_FACTOR times
   * as many (an office or a school behind one address). Counted in each process.
   */
  RATE_LIMIT_READS: z.coerce.number().int().min(1).max(1_000_000).default(600),
  RATE_LIMIT_WRITES: z.coerce.number().int().min(1).max(1_000_000).default(300),
  RATE_LIMIT_UPLOADS: z.coerce.number().int().min(1).max(1_000_000).default(60),
  RATE_LIMIT_JOBS: z.coerce.number().int().min(1).max(1_000_000).default(30),
  RATE_LIMIT_ADDRESS_FACTOR: z.coerce.number().int().min(1).max(1000).default(10),
  /** The window of the RATE_LIMIT_* counts, in seconds. */
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /**
   * Which peers may name the client address (X-Forwarded-For): Fastify's trustProxy as text: `loopback`
   * (default: a reverse proxy on this host), addresses or CIDRs separated by commas, `true`
   * (any peer: only behind a proxy that overwrites the header) or `false`.
   */
  TRUST_PROXY: z.string().min(1).default('loopback'),
  /** The origin residents and staff use, e.g. https://portal.example.jp (default http://localhost:PORT). */
  PUBLIC_URL: z.string().url().optional(),
  /** Mount the development stand-ins for national systems (default: on unless NODE_ENV=production). */
  SIMULATORS: Bool,
  /** OpenID Connect issuer of the identity provider (default: the stand-in at PUBLIC_URL/dev/idp). */
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).default('municipal-portal'),
  /** The portal's private key for private_key_jwt, a JWK as JSON (generated and kept in the database in development). */
  OIDC_CLIENT_PRIVATE_JWK: z.string().optional(),
  /** The signing service (default: the stand-in signing app at PUBLIC_URL/dev/signing-app). */
  SIGNING_ISSUER: z.string().url().optional(),
  /** PEM of the CA certificates trusted for signatures (default in development: the test CA). */
  SIGNING_TRUSTED_CA_PEM: z.string().optional(),
  /** Origins the signing app may send residents back to, comma-separated (default: PUBLIC_URL's origin). */
  CALLBACK_ORIGINS: z.string().optional(),
  /** The personal portal (default: the stand-in at PUBLIC_URL/dev/mynaportal). */
  MYNAPORTAL_URL: z.string().url().optional(),
  /** Outgoing mail, e.g. smtp://user:pass@host:587 (unset: mails are kept in the dev_outbox table). */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** Sender of the portal's mails (default: no-reply@ the host of PUBLIC_URL). */
  MAIL_FROM: z.string().min(3).optional(),
  /** Seconds a staff deletion request waits before it runs (it can be cancelled meanwhile). */
  DOCUMENTS_DELETE_DELAY_SECONDS: z.coerce.number().int().min(0).max(86_400).default(10),
  /**
   * Days a draft nobody changes is kept; its resident is told 7 days before it is deleted (decision
   * 0025). 0 keeps drafts for ever.
   */
  DRAFT_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .max(3650)
    .refine((days) => days === 0 || days >= 8, 'DRAFT_RETENTION_DAYS is 0 (keep for ever) or at least 8')
    .default(90),
  /** Years a finished document is kept when its procedure names none (decision 0052). */
  RETENTION_YEARS_DEFAULT: z.coerce.number().int().min(1).max(100).default(5),
  /** Seconds a running job's lease lasts unless renewed; a job whose process died is retried after it. */
  JOB_LEASE_SECONDS: z.coerce.number().int().min(3).max(3600).default(60),
  /** Seconds between the sweeps that retry or fail jobs whose lease lapsed (one process of the cluster sweeps). */
  JOB_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Jobs of one kind (PDF rendering, exports...) each process runs at once (default: its CPU count). */
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /** clamd's address for malware scanning of uploads: `tcp://host:port` or its socket's path (decision 0051). */
  CLAMD_URL: z.string().min(1).optional(),
  /**
   * `on` needs CLAMD_URL; `off` stores uploads unscanned. Default: on when CLAMD_URL is set; else off with a
   * warning, except with NODE_ENV=production, which refuses to start unless `off` is said explicitly.
   */
  MALWARE_SCAN: z.enum(['on', 'off']).optional(),
  /** Seconds an upload waits for its scan before the resident is told it is pending (the queue scans it). */
  MALWARE_SCAN_INLINE_SECONDS: z.coerce.number().min(0.1).max(60).default(10),
  /**
   * Seconds between a webhook's attempts, comma-separated (decision 0059): one more attempt than waits.
   * Default 30,120,300,900,2400: 6 attempts over about an hour.
   */
  WEBHOOK_BACKOFF_SECONDS: z
    .string()
    .regex(/^\d+(,\d+){0,19}$/, 'whole seconds, comma-separated (30,120,300)')
    .transform((v) => v.split(',').map(Number))
    .optional(),
  /** The longest one webhook attempt may take, in seconds. */
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(120).default(10),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Absolute: resolved once here, so every command (server, db:migrate, db:seed, dev) uses one folder. */
  dataDir: string;
  databaseUrl: string | undefined;
  /** Staging's PostgreSQL database; undefined with the embedded database (DATA_DIR/pgdata-staging). */
  stagingDatabaseUrl: string | undefined;
  poolSize: number;
  /** An S3-compatible bucket for files; undefined keeps them under dataDir. */
  storage:
    { bucket: string; prefix: string; endpoint: string | undefined; region: string | undefined } | undefined;
  appSecret: string | undefined;
  logLevel: z.infer<typeof Env>['LOG_LEVEL'];
  seedDemo: boolean;
  /** Answers checked against their zod schema beside the compiled writer (RESPONSE_CHECK). */
  responseCheck: boolean;
  secureCookies: boolean;
  sessionTtlMs: number;
  /** Inactivity after which a session ends (SESSION_IDLE_MINUTES). */
  sessionIdleMs: number;
  trustProxy: boolean | string;
  /** Per client address and route family: sign-in-like attempts that may fail in one window (issue 13). */
  signInAddressLimit: { max: number; windowMs: number };
  /** Per session and family in one window; an address may make `addressFactor` times as many. */
  rateLimits: {
    perSession: { reads: number; writes: number; uploads: number; jobs: number };
    addressFactor: number;
    windowMs: number;
  };
  publicUrl: string;
  simulators: boolean;
  oidc: { issuer: string; clientId: string; privateJwk: string | undefined };
  signing: { issuer: string; trustedCaPem: string | undefined; callbackOrigins: string[] };
  mynaportalUrl: string;
  mail: { smtpUrl: string | undefined; from: string };
  documentsDeleteDelaySeconds: number;
  /** Days an unchanged draft is kept (0: for ever). */
  draftRetentionDays: number;
  /** Years a finished document is kept unless its procedure says otherwise (decision 0052). */
  retentionYearsDefault: number;
  jobs: { leaseSeconds: number; sweepSeconds: number; concurrency: number };
  /** Malware scanning of uploads (decision 0051); undefined is off, which app.ts warns of at start. */
  malwareScan: { clamdUrl: string; inlineTimeoutMs: number } | undefined;
  /** Webhooks to core systems (decision 0059); production posts only to public https addresses. */
  webhooks: { backoffSeconds: number[]; timeoutMs: number; policy: 'public_https' | 'any' };
};

/** Parses the environment once; a bad value stops the process with a message naming it. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = Env.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.APP_SECRET) {
    throw new Error(
      'invalid configuration:\n  APP_SECRET: required when NODE_ENV=production (32+ characters)',
    );
  }
  if (e.STAGING_DATABASE_URL && (!e.DATABASE_URL || e.STAGING_DATABASE_URL === e.DATABASE_URL)) {
    throw new Error(
      'invalid configuration:\n  STAGING_DATABASE_URL: needs DATABASE_URL, and must name another database',
    );
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const simulators = e.SIMULATORS ?? e.NODE_ENV !== 'production';
  if (e.NODE_ENV === 'production' && !simulators && !e.OIDC_ISSUER) {
    throw new Error('invalid configuration:\n  OIDC_ISSUER: required in production without SIMULATORS=true');
  }
  const scanMode = e.MALWARE_SCAN ?? (e.CLAMD_URL ? 'on' : undefined);
  if (scanMode === 'on' && !e.CLAMD_URL) {
    throw new Error('invalid configuration:\n  CLAMD_URL: required when MALWARE_SCAN=on');
  }
  if (e.NODE_ENV === 'production' && scanMode === undefined) {
    throw new Error(
      'invalid configuration:\n  CLAMD_URL: required when NODE_ENV=production (or MALWARE_SCAN=off to store uploads unscanned)',
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: resolveDataDir(e.DATA_DIR, e.INIT_CWD),
    databaseUrl: e.DATABASE_URL,
    stagingDatabaseUrl:
      e.STAGING_DATABASE_URL ?? (e.DATABASE_URL ? stagingUrlFor(e.DATABASE_URL) : undefined),
    poolSize: e.DATABASE_POOL_SIZE,
    storage: e.STORAGE_URL
      ? {
          ...parseS3Url(e.STORAGE_URL)!,
          endpoint: e.S3_ENDPOINT ?? e.AWS_ENDPOINT_URL_S3,
          region: e.AWS_REGION,
        }
      : undefined,
    appSecret: e.APP_SECRET,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== 'production',
    responseCheck: e.RESPONSE_CHECK ?? e.NODE_ENV !== 'production',
    // Residents reach an https address: Secure cookies and HSTS, whatever NODE_ENV says.
    secureCookies: e.NODE_ENV === 'production' || publicUrl.startsWith('https://'),
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    sessionIdleMs: Math.round(e.SESSION_IDLE_MINUTES * 60_000),
    trustProxy: e.TRUST_PROXY === 'true' ? true : e.TRUST_PROXY === 'false' ? false : e.TRUST_PROXY,
    signInAddressLimit: {
      max: e.SIGN_IN_ADDRESS_LIMIT,
      windowMs: e.SIGN_IN_ADDRESS_WINDOW_MINUTES * 60_000,
    },
    rateLimits: {
      perSession: {
        reads: e.RATE_LIMIT_READS,
        writes: e.RATE_LIMIT_WRITES,
        uploads: e.RATE_LIMIT_UPLOADS,
        jobs: e.RATE_LIMIT_JOBS,
      },
      addressFactor: e.RATE_LIMIT_ADDRESS_FACTOR,
      windowMs: e.RATE_LIMIT_WINDOW_SECONDS * 1000,
    },
    publicUrl,
    simulators,
    oidc: {
      issuer: e.OIDC_ISSUER ?? `${publicUrl}/dev/idp`,
      clientId: e.OIDC_CLIENT_ID,
      privateJwk: e.OIDC_CLIENT_PRIVATE_JWK,
    },
    signing: {
      issuer: e.SIGNING_ISSUER ?? `${publicUrl}/dev/signing-app`,
      trustedCaPem: e.SIGNING_TRUSTED_CA_PEM,
      callbackOrigins: (e.CALLBACK_ORIGINS ?? new URL(publicUrl).origin)
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    },
    mynaportalUrl: e.MYNAPORTAL_URL ?? `${publicUrl}/dev/mynaportal`,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM ?? `no-reply@${new URL(publicUrl).hostname}` },
    documentsDeleteDelaySeconds: e.DOCUMENTS_DELETE_DELAY_SECONDS,
    draftRetentionDays: e.DRAFT_RETENTION_DAYS,
    retentionYearsDefault: e.RETENTION_YEARS_DEFAULT,
    jobs: {
      leaseSeconds: e.JOB_LEASE_SECONDS,
      sweepSeconds: e.JOB_SWEEP_SECONDS,
      concurrency: e.JOB_CONCURRENCY ?? availableParallelism(),
    },
    malwareScan:
      scanMode === 'on' && e.CLAMD_URL
        ? { clamdUrl: e.CLAMD_URL, inlineTimeoutMs: Math.round(e.MALWARE_SCAN_INLINE_SECONDS * 1000) }
        : undefined,
    webhooks: {
      backoffSeconds: e.WEBHOOK_BACKOFF_SECONDS ?? [30, 120, 300, 900, 2400],
      timeoutMs: Math.round(e.WEBHOOK_TIMEOUT_SECONDS * 1000),
      policy: e.NODE_ENV === 'production' ? 'public_https' : 'any',
    },
  };
}

/** Staging's default database: the same server, the database name suffixed `_staging`. */
export function stagingUrlFor(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, '')) || 'postgres';
  url.pathname = `/${encodeURIComponent(`${name}_staging`)}`;
  return url.toString();
}

/**
 * The repository root: the nearest folder above this module whose package.json declares workspaces (the
 * same from src/, apps/api/dist/ and a BUILD_OUT build inside the repository); undefined outside one.
 */
export function repositoryRoot(from = dirname(fileURLToPath(import.meta.url))): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        if ((JSON.parse(readFileSync(manifest, 'utf8')) as { workspaces?: unknown }).workspaces) return dir;
      } catch {
        // not JSON: keep looking above
      }
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * DATA_DIR as an absolute path: unset (or empty) is `<repository root>/data` (npm runs db:migrate, db:seed and dev
 * inside apps/api, start in the root: one folder for all); relative is taken from the folder npm was run
 * from (INIT_CWD), else the working directory.
 */
export function resolveDataDir(dataDir: string | undefined, initCwd: string | undefined): string {
  const base = initCwd || process.cwd();
  if (!dataDir) return join(repositoryRoot() ?? base, 'data');
  return isAbsolute(dataDir) ? resolve(dataDir) : resolve(base, dataDir);
}
