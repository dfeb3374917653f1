import { z } from 'zod';

const Bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

const Env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  /** PGlite data and uploaded files live here when DATABASE_URL is unset. */
  DATA_DIR: z.string().default('./data'),
  /** postgres://... switches from the embedded database to PostgreSQL. */
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** Signs CSRF tokens; required in production, generated and kept in the database otherwise. */
  APP_SECRET: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seed demo data into an empty database at start (default: on unless NODE_ENV=production). */
  SEED_DEMO: Bool,
  /** Serve the web builds from apps/web/dist (default on). */
  SERVE_WEB: Bool,
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  poolSize: number;
  appSecret: string | undefined;
  logLevel: z.infer<typeof Env>['LOG_LEVEL'];
  seedDemo: boolean;
  serveWeb: boolean;
  secureCookies: boolean;
  sessionTtlMs: number;
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
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    poolSize: e.DATABASE_POOL_SIZE,
    appSecret: e.APP_SECRET,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== 'production',
    serveWeb: e.SERVE_WEB ?? true,
    secureCookies: e.NODE_ENV === 'production',
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
  };
}
