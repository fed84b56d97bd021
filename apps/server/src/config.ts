import path from 'node:path';
import { z } from 'zod';

// the server's whole configuration, read once from the environment. every variable has a default
// that works on a fresh machine; the README's table lists them all.

const bool = z
  .enum(['true', 'false', '1', '0', ''], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1');

const optionalUrl = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined))
  .pipe(z.url({ error: 'must be a URL' }).optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, 'letters, digits and : . - _ only')
    .default('sayspell'),
  PUBLIC_URL: optionalUrl,
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(30).default(900),
  REFRESH_TOKEN_TTL: z.coerce
    .number()
    .int()
    .min(60)
    .default(30 * 24 * 3600),
  TTS_PROVIDER: z.enum(['auto', 'espeak-wasm', 'flite', 'espeak-ng']).default('auto'),
  TTS_CACHE_MB: z.coerce.number().min(1).max(4096).default(32),
  SOCIAL_LOGIN: bool.default(false),
  PLAY_STORE_URL: z.url().default('https://play.google.com/store/apps/details?id=com.sayspell.app'),
  APP_STORE_URL: z.url().default('https://apps.apple.com/app/sayspell/id0000000000'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  DISCONNECT_GRACE_MS: z.coerce.number().int().min(0).default(5_000),
});

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    publicUrl: e.PUBLIC_URL,
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    logLevel: e.LOG_LEVEL,
    jwtSecret: e.JWT_SECRET,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    ttsProvider: e.TTS_PROVIDER,
    ttsCacheBytes: e.TTS_CACHE_MB * 1024 * 1024,
    socialLogin: e.SOCIAL_LOGIN,
    playStoreUrl: e.PLAY_STORE_URL,
    appStoreUrl: e.APP_STORE_URL,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    disconnectGraceMs: e.DISCONNECT_GRACE_MS,
  };
}
