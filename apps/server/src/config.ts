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
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  // tests go as low as 5 s to see tokens expire on open sockets
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(5).default(900),
  REFRESH_TOKEN_TTL: z.coerce
    .number()
    .int()
    .min(60)
    .default(30 * 24 * 3600),
  TTS_PROVIDER: z.enum(['auto', 'espeak-wasm', 'flite', 'espeak-ng', 'google']).default('auto'),
  GOOGLE_TTS_KEY: z.string().optional(),
  GOOGLE_TTS_URL: z.url().default('https://texttospeech.googleapis.com'),
  GOOGLE_TTS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  TTS_CACHE_MB: z.coerce.number().min(1).max(4096).default(32),
  TTS_USER_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  TTS_PUBLIC_MAX_PENDING: z.coerce.number().int().min(1).max(1000).default(6),
  STT_PROVIDER: z.enum(['auto', 'pocketsphinx', 'google', 'none']).default('auto'),
  GOOGLE_STT_KEY: z.string().optional(),
  GOOGLE_STT_URL: z.url().default('https://speech.googleapis.com'),
  TOPIC_PROVIDER: z.enum(['offline', 'openai']).default('offline'),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.url().optional(),
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  SOCIAL_LOGIN: bool.default(false),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  FACEBOOK_CLIENT_ID: z.string().optional(),
  FACEBOOK_CLIENT_SECRET: z.string().optional(),
  FACEBOOK_AUTH_URL: z.url().default('https://www.facebook.com/v19.0/dialog/oauth'),
  FACEBOOK_TOKEN_URL: z.url().default('https://graph.facebook.com/v19.0/oauth/access_token'),
  FACEBOOK_USERINFO_URL: z.url().default('https://graph.facebook.com/me?fields=id,name,email'),
  FACEBOOK_SCOPE: z.string().default('email public_profile'),
  APPLE_CLIENT_ID: z.string().optional(),
  APPLE_ISSUER: z.url().default('https://appleid.apple.com'),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('SaySpell <no-reply@sayspell.local>'),
  OUTBOX_DIR: z.string().optional(),
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  EMAIL_TOKEN_TTL: z.coerce
    .number()
    .int()
    .min(60)
    .default(24 * 3600),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(100),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  REGISTER_MAX_PER_IP: z.coerce.number().int().min(1).default(20),
  PLAY_STORE_URL: z.url().default('https://play.google.com/store/apps/details?id=com.sayspell.app'),
  APP_STORE_URL: z.url().default('https://apps.apple.com/app/sayspell/id0000000000'),
  ANDROID_UPDATE: z.coerce.number().int().min(0).default(7),
  IOS_UPDATE: z.coerce.number().int().min(0).default(7),
  ANDROID_ADS_SHOW: bool.default(false),
  IOS_ADS_SHOW: bool.default(false),
  PARTY_DATE: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date, YYYY-MM-DD')
    .optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  RATE_LIMIT_ANONYMOUS_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  GUEST_MAX_PER_IP: z.coerce.number().int().min(1).default(100),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  DISCONNECT_GRACE_MS: z.coerce.number().int().min(0).default(5_000),
  // a player whose network went away: how long their game waits for them (issue 20)
  NETWORK_GRACE_MS: z.coerce.number().int().min(0).default(60_000),
  // the server learns of a lost network within interval + timeout (a few seconds)
  PING_INTERVAL_MS: z.coerce.number().int().min(100).default(4_000),
  PING_TIMEOUT_MS: z.coerce.number().int().min(100).default(3_000),
  // calls (§9): peer to peer; STUN/TURN only when configured (a LAN or localhost needs neither)
  AUDIO_CALL_LIMIT: z.coerce.number().int().min(10).max(86_400).default(1200),
  STUN_URLS: z.string().default(''),
  TURN_URLS: z.string().default(''),
  TURN_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
});

const urlList = (v: string, scheme: RegExp, name: string) => {
  const urls = v
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  const bad = urls.find((u) => !scheme.test(u));
  if (bad)
    throw new ConfigError(
      `Invalid configuration:\n  ${name}: ${bad} is not a ${name.split('_')[0]!.toLowerCase()} URL`,
    );
  return urls;
};

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
    trustProxy: e.TRUST_PROXY,
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    logLevel: e.LOG_LEVEL,
    jwtSecret: e.JWT_SECRET,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    ttsProvider: e.TTS_PROVIDER,
    googleTts: googleTtsConfig(e),
    ttsCacheBytes: e.TTS_CACHE_MB * 1024 * 1024,
    ttsUserPerMinute: e.TTS_USER_PER_MINUTE,
    ttsPublicMaxPending: e.TTS_PUBLIC_MAX_PENDING,
    stt: {
      provider: e.STT_PROVIDER,
      google: e.GOOGLE_STT_KEY?.trim()
        ? { apiKey: e.GOOGLE_STT_KEY.trim(), baseUrl: e.GOOGLE_STT_URL }
        : undefined,
    },
    topics: {
      provider: e.TOPIC_PROVIDER,
      openai:
        e.TOPIC_PROVIDER === 'openai'
          ? {
              // a local model server needs no key, but the client wants one
              apiKey: e.OPENAI_API_KEY ?? 'none',
              baseUrl: e.OPENAI_BASE_URL,
              model: e.OPENAI_MODEL,
              timeoutMs: e.OPENAI_TIMEOUT_MS,
            }
          : undefined,
    },
    socialLogin: e.SOCIAL_LOGIN,
    oauth: {
      google:
        e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
          ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: e.GOOGLE_ISSUER }
          : undefined,
      facebook:
        e.FACEBOOK_CLIENT_ID && e.FACEBOOK_CLIENT_SECRET
          ? {
              clientId: e.FACEBOOK_CLIENT_ID,
              clientSecret: e.FACEBOOK_CLIENT_SECRET,
              authUrl: e.FACEBOOK_AUTH_URL,
              tokenUrl: e.FACEBOOK_TOKEN_URL,
              userinfoUrl: e.FACEBOOK_USERINFO_URL,
              scope: e.FACEBOOK_SCOPE,
            }
          : undefined,
      apple: e.APPLE_CLIENT_ID ? { clientId: e.APPLE_CLIENT_ID, issuer: e.APPLE_ISSUER } : undefined,
    },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      outboxDir: path.resolve(e.OUTBOX_DIR ?? path.join(e.DATA_DIR, 'outbox')),
    },
    adminEmails: e.ADMIN_EMAILS,
    emailTokenTtl: e.EMAIL_TOKEN_TTL,
    throttle: {
      loginMaxFailures: e.LOGIN_MAX_FAILURES,
      loginMaxFailuresPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
      windowMs: e.LOGIN_WINDOW_SECONDS * 1000,
      registerMaxPerIp: e.REGISTER_MAX_PER_IP,
    },
    playStoreUrl: e.PLAY_STORE_URL,
    appStoreUrl: e.APP_STORE_URL,
    rateLimits: {
      perAccountPerMinute: e.RATE_LIMIT_PER_MINUTE,
      anonymousPerMinute: e.RATE_LIMIT_ANONYMOUS_PER_MINUTE,
      guestSignInsPerAddress: e.GUEST_MAX_PER_IP,
      guestWindowMs: e.LOGIN_WINDOW_SECONDS * 1000,
    },
    apps: {
      androidUpdate: e.ANDROID_UPDATE,
      iosUpdate: e.IOS_UPDATE,
      androidAdsshow: e.ANDROID_ADS_SHOW,
      iosAdsshow: e.IOS_ADS_SHOW,
      partyDate: e.PARTY_DATE ?? null,
    },
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    disconnectGraceMs: e.DISCONNECT_GRACE_MS,
    networkGraceMs: e.NETWORK_GRACE_MS,
    pingIntervalMs: e.PING_INTERVAL_MS,
    pingTimeoutMs: e.PING_TIMEOUT_MS,
    calls: callConfig(e),
  };
}

function googleTtsConfig(e: z.infer<typeof envSchema>) {
  const apiKey = e.GOOGLE_TTS_KEY?.trim();
  if (e.TTS_PROVIDER === 'google' && !apiKey) {
    throw new ConfigError('Invalid configuration:\n  GOOGLE_TTS_KEY: required when TTS_PROVIDER is google');
  }
  return apiKey ? { apiKey, baseUrl: e.GOOGLE_TTS_URL, timeoutMs: e.GOOGLE_TTS_TIMEOUT_MS } : undefined;
}

function callConfig(e: z.infer<typeof envSchema>) {
  const turnUrls = urlList(e.TURN_URLS, /^turns?:/, 'TURN_URLS');
  if (turnUrls.length > 0 && !e.TURN_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  TURN_SECRET: required when TURN_URLS is set (coturn static-auth-secret)',
    );
  }
  return {
    limitSeconds: e.AUDIO_CALL_LIMIT,
    stunUrls: urlList(e.STUN_URLS, /^stuns?:/, 'STUN_URLS'),
    turn: turnUrls.length > 0 ? { urls: turnUrls, secret: e.TURN_SECRET! } : undefined,
  };
}
