import { SINGLE_REQUEST_MAX_BYTES } from '@domain/documents/upload-limits.ts';
import path from 'node:path';
import { z } from 'zod';

/**
 * Every environment variable the server reads (README, "Configuration"), checked once at start by one schema: each variable's
 * check and default (envSchema), the rules between variables (crossFieldRules), and the Config built from them (toConfig),
 * whose type is inferred. A bad value stops the process with a message naming it, not later in some unrelated request.
 */

// Building blocks shared by several variables.
const number = () => z.coerce.number({ error: 'must be a number' });
const wholeNumber = () => number().int('must be a whole number');
const atLeast100Ms = wholeNumber().min(100, 'must be at least 100 ms');
const days = wholeNumber().min(1, 'must be at least 1 day').max(36_500, 'must be at most 36500 days');
/** A duration in whole seconds, 0 or more (one year at most: longer means nothing to a cache). */
const seconds = z.coerce.number({ error: 'must be a number of seconds' }).int('must be a whole number of seconds')
  .min(0, 'must be 0 or more').max(31_536_000, 'must be at most 31536000 (a year)');
const filled = z.string().trim().min(1, 'must not be empty');
const trueOrFalse = z.enum(['true', 'false'], { error: 'must be true or false' }).transform((value) => value === 'true');
/** An absolute http(s) URL, path kept; `example` shows the kind expected. */
const httpUrl = (example = 'https://app.example.com/login') =>
  z.url({ error: `must be an absolute http(s) URL such as ${example}` }).refine((value) => /^https?:\/\//.test(value), 'must start with http:// or https://');
/** A comma-separated list, as `read` reads it (null: refused with `message`). */
const list = (read: (value: string) => string[] | null, message: string) =>
  z.string().refine((value) => read(value) !== null, message).transform((value) => read(value) ?? []);
const isEmail = (value: string) => z.email().safeParse(value).success;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** The CDNs CDN_PURGE may name (server/services/cdn-purge/). */
export const CDN_PURGE_KINDS = ['varnish', 'fastly', 'cloudflare', 'cloudfront'] as const;
export type CdnPurgeKind = (typeof CDN_PURGE_KINDS)[number];

/** S3's largest object (5 TiB): a bigger UPLOAD_MAX_BYTES could never be stored. */
const MAX_UPLOAD_BYTES = 5 * 1024 ** 4;

const envSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('development'),
  PORT: wholeNumber().min(0, 'must be between 0 and 65535').max(65535, 'must be between 0 and 65535').default(3000),
  HOST: z.string().default('0.0.0.0'),
  SITE_URL: httpUrl('https://example.com').transform((value) => new URL(value).origin).optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().regex(/^(postgres|postgresql):\/\/|^(sqlite|file):/, 'must be a postgres:// URL or a sqlite:/file: path').optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).optional(),
  ACCESS_LOG: trueOrFalse.optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  TRUST_PROXY: z.string().default('false').transform(parseTrustProxy),
  MARKET_APP_URL: httpUrl().optional(),
  LEASE_APP_URL: httpUrl().optional(),
  EQUIPMENT_STORE_URL: httpUrl().optional(),
  ADMIN_USERNAME: z.string().trim().min(2, 'must have at least 2 characters').max(64, 'must have at most 64 characters').optional(),
  ADMIN_PASSWORD: z.string().min(12, 'must have at least 12 characters').max(1024, 'must have at most 1024 characters').optional(),
  ADMIN_SESSION_IDLE_MINUTES: number().positive('must be positive').default(30),
  ADMIN_SESSION_ABSOLUTE_HOURS: number().positive('must be positive').default(12),
  LEADS_RATE_LIMIT: wholeNumber().min(0, 'must be 0 (off) or more').default(5),
  SMTP_URL: z.string().refine((value) => /^smtps?:\/\/[^/]/.test(value), 'must be an smtp:// or smtps:// URL').optional(),
  LEADS_NOTIFY_TO: z.string().refine((value) => value.split(',').every((address) => isEmail(address.trim())),
    'must be one e-mail address or several separated by commas').optional(),
  LEADS_NOTIFY_FROM: z.string().refine((value) => isEmail(/<([^>]+)>\s*$/.exec(value)?.[1] ?? value.trim()),
    'must be an e-mail address, optionally as "Name <address>"').optional(),
  UPLOAD_MAX_BYTES: wholeNumber().min(1024, 'must be at least 1024 bytes')
    .max(MAX_UPLOAD_BYTES, `must be at most ${MAX_UPLOAD_BYTES} bytes (5 TiB, S3's largest object)`).default(5 * 1024 ** 3),
  UPLOAD_SWEEP_INTERVAL_MS: atLeast100Ms.default(60 * 60_000),
  TRASH_RETENTION_DAYS: days.default(30),
  AUDIT_RETENTION_DAYS: days.optional(),
  PAGE_CACHE_MAX_BYTES: wholeNumber().min(0, 'must be 0 (no page cache) or more').default(64 * 1024 ** 2),
  PAGE_CACHE_TTL_MS: wholeNumber().min(1000, 'must be at least 1000 ms').default(5 * 60_000),
  // What a CDN in front may do with public pages (server/http-cache/, README "Running behind a CDN"), in seconds.
  CDN_S_MAXAGE: seconds.default(300),
  CDN_STALE_WHILE_REVALIDATE: seconds.default(60),
  CDN_STALE_IF_ERROR: seconds.default(86_400),
  URL_IMPORT_ALLOW_HOSTS: list(parseAllowHosts, 'must be host:port pairs separated by commas, such as files.internal:8080,10.0.0.5:443').optional(),
  WEBHOOK_ALLOW_HOSTS: list(parseAllowHosts, 'must be host:port pairs separated by commas, such as crm.internal:8080,127.0.0.1:9000').optional(),
  URL_IMPORT_CONCURRENCY: wholeNumber().min(1, 'must be at least 1').default(2),
  URL_IMPORT_CONNECT_TIMEOUT_MS: atLeast100Ms.default(10_000),
  URL_IMPORT_IDLE_TIMEOUT_MS: atLeast100Ms.default(30_000),
  // Text inside PDFs (docs/search.md, "Text inside PDFs"): read in a worker thread within these limits, or not at all.
  PDF_TEXT_TIMEOUT_MS: atLeast100Ms.max(600_000, 'must be at most 600000 ms').default(15_000),
  PDF_TEXT_MAX_BYTES: wholeNumber().min(0, 'must be 0 (no PDF is read) or more')
    .max(2 * 1024 ** 3, 'must be at most 2147483648 bytes (2 GiB)').default(100 * 1024 ** 2),
  PDF_TEXT_MAX_MEMORY_MB: wholeNumber().min(16, 'must be at least 16 MB').max(16_384, 'must be at most 16384 MB').default(256),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3-63 lowercase letters, digits, dots, hyphens)').optional(),
  S3_REGION: filled.default('us-east-1'),
  S3_ENDPOINT: httpUrl().optional(),
  S3_FORCE_PATH_STYLE: trueOrFalse.default(false),
  AWS_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
  AWS_SESSION_TOKEN: z.string().optional(),
  OBJECT_URL_SECRET: z.string().min(32, 'must have at least 32 characters').optional(),
  BACKUP_DIR: filled.optional(),
  BACKUP_INTERVAL_HOURS: number().positive('must be more than 0').optional(),
  BACKUP_KEEP: wholeNumber().min(1, 'must be at least 1').default(14),
  BACKUP_KEY: z.string().min(32, 'must have at least 32 characters').max(1024, 'must have at most 1024 characters').optional(),
  // CDN purge (docs/operations.md, "CDN purge"): which CDN is told when content changes, and how to reach it.
  // No defaults for a CDN's own variables: crossFieldRules must see which ones were set.
  CDN_PURGE: z.enum(CDN_PURGE_KINDS, { error: `must be one of ${CDN_PURGE_KINDS.join(', ')}` }).optional(),
  CDN_PURGE_DELAY_MS: wholeNumber().min(0, 'must be 0 (at once) or more').max(60_000, 'must be at most 60000 ms').default(2000),
  VARNISH_PURGE_URL: list(parseUrlList, 'must be one http(s) URL or several separated by commas, such as http://127.0.0.1:6081').optional(),
  FASTLY_API_TOKEN: filled.optional(),
  FASTLY_SERVICE_ID: z.string().regex(/^[A-Za-z0-9]{1,64}$/, 'must be a Fastly service id (letters and digits)').optional(),
  FASTLY_API_URL: httpUrl().optional(),
  CLOUDFLARE_API_TOKEN: filled.optional(),
  CLOUDFLARE_ZONE_ID: z.string().regex(/^[0-9a-f]{32}$/i, 'must be a Cloudflare zone id (32 hexadecimal digits)').optional(),
  CLOUDFLARE_API_URL: httpUrl().optional(),
  CLOUDFRONT_DISTRIBUTION_ID: z.string()
    .regex(/^[A-Z0-9]{1,64}$/, 'must be a CloudFront distribution id (capital letters and digits, such as E2QWRUHAPOMQZL)').optional(),
  CLOUDFRONT_ENDPOINT: httpUrl().optional(),
  // GET /metrics's bearer token (docs/operations.md, "Metrics"); unset: no /metrics at all.
  METRICS_TOKEN: z.string().min(16, 'must have at least 16 characters').max(1024, 'must have at most 1024 characters')
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces (it is sent as a bearer token)').optional(),
});
type Env = z.output<typeof envSchema>;

/** Never echo these back in an error message. */
const secretVariables = new Set<string>([
  'ADMIN_PASSWORD', 'FASTLY_API_TOKEN', 'CLOUDFLARE_API_TOKEN', 'DATABASE_URL', 'SMTP_URL',
  'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', 'OBJECT_URL_SECRET', 'METRICS_TOKEN', 'BACKUP_KEY',
] satisfies (keyof Env)[]);

/** Which variables each CDN needs, and which it may take besides. */
const CDN_PURGE_VARIABLES = {
  varnish: { needs: ['VARNISH_PURGE_URL'], optional: [] },
  fastly: { needs: ['FASTLY_API_TOKEN', 'FASTLY_SERVICE_ID'], optional: ['FASTLY_API_URL'] },
  cloudflare: { needs: ['CLOUDFLARE_API_TOKEN', 'CLOUDFLARE_ZONE_ID'], optional: ['CLOUDFLARE_API_URL'] },
  cloudfront: { needs: ['CLOUDFRONT_DISTRIBUTION_ID'], optional: ['CLOUDFRONT_ENDPOINT'] },
} as const satisfies Record<CdnPurgeKind, { needs: readonly (keyof Env)[]; optional: readonly (keyof Env)[] }>;

/** The rules between variables. Another CDN's setting than CDN_PURGE's is refused: a typo or a forgotten CDN_PURGE would send nothing. */
function crossFieldRules(env: Env, ctx: z.RefinementCtx): void {
  for (const [a, b] of [['ADMIN_USERNAME', 'ADMIN_PASSWORD'], ['SMTP_URL', 'LEADS_NOTIFY_TO'], ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY']] as const) {
    if ((env[a] === undefined) !== (env[b] === undefined)) ctx.addIssue(`${a} and ${b} must be set together.`);
  }
  if (env.BACKUP_INTERVAL_HOURS !== undefined && env.BACKUP_DIR === undefined) ctx.addIssue('BACKUP_INTERVAL_HOURS needs BACKUP_DIR.');
  if (env.S3_ENDPOINT !== undefined && env.S3_BUCKET === undefined) ctx.addIssue('S3_ENDPOINT needs S3_BUCKET.');
  for (const [kind, { needs, optional }] of Object.entries(CDN_PURGE_VARIABLES)) {
    if (kind === env.CDN_PURGE) {
      const missing = needs.filter((name) => env[name] === undefined);
      if (missing.length > 0) ctx.addIssue(`CDN_PURGE=${kind} needs ${missing.join(' and ')}.`);
    } else {
      for (const name of [...needs, ...optional]) if (env[name] !== undefined) ctx.addIssue(`${name} needs CDN_PURGE=${kind}.`);
    }
  }
}

/** The checked values as the Config the server reads. README's table says what each setting does; null means unset (off). */
function toConfig(env: Env) {
  const dataDir = path.resolve(env.DATA_DIR);
  const testing = env.NODE_ENV === 'test';
  const url = env.DATABASE_URL;
  const database = url?.startsWith('postgres')
    ? { dialect: 'postgres' as const, url }
    : { dialect: 'sqlite' as const, file: url ? path.resolve(url.replace(/^(sqlite|file):(\/\/)?/, '')) : path.join(dataDir, 'site.db') };
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    /** Public origin, no trailing slash: used for canonical URLs, Open Graph and the sitemap. */
    siteUrl: env.SITE_URL ?? `http://localhost:${env.PORT}`,
    dataDir,
    database,
    logLevel: env.LOG_LEVEL ?? (testing ? 'silent' : 'info'),
    accessLog: env.ACCESS_LOG ?? !testing,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    trustProxy: env.TRUST_PROXY,
    adminUsername: env.ADMIN_USERNAME ?? null,
    adminPassword: env.ADMIN_PASSWORD ?? null,
    adminSession: { idleMs: env.ADMIN_SESSION_IDLE_MINUTES * 60_000, absoluteMs: env.ADMIN_SESSION_ABSOLUTE_HOURS * 3_600_000 },
    clientLoginUrls: { market: env.MARKET_APP_URL ?? null, lease: env.LEASE_APP_URL ?? null },
    equipmentStoreUrl: env.EQUIPMENT_STORE_URL ?? null,
    leads: {
      rateLimitPerMinute: env.LEADS_RATE_LIMIT,
      /** Where new leads are e-mailed; null for nowhere. Without a sender of its own, the mail comes "from" the inbox it goes to. */
      notify: env.SMTP_URL && env.LEADS_NOTIFY_TO
        ? { smtpUrl: env.SMTP_URL, to: env.LEADS_NOTIFY_TO, from: env.LEADS_NOTIFY_FROM ?? `VPV Energy website <${env.LEADS_NOTIFY_TO.split(',')[0]?.trim()}>` }
        : null,
    },
    /** Where uploaded files live: under DATA_DIR/objects (urlSecret null: a key generated into DATA_DIR), or an S3-compatible bucket. */
    storage: env.S3_BUCKET
      ? { kind: 's3' as const, bucket: env.S3_BUCKET, region: env.S3_REGION, endpoint: env.S3_ENDPOINT ?? null,
          forcePathStyle: env.S3_FORCE_PATH_STYLE, credentials: awsCredentials(env) }
      : { kind: 'disk' as const, dir: path.join(dataDir, 'objects'), urlSecret: env.OBJECT_URL_SECRET ?? null },
    uploadMaxBytes: env.UPLOAD_MAX_BYTES,
    /** The largest document sent in one request: 100 MB, or UPLOAD_MAX_BYTES when that is smaller. */
    singleUploadMaxBytes: Math.min(env.UPLOAD_MAX_BYTES, SINGLE_REQUEST_MAX_BYTES),
    uploadSweepIntervalMs: env.UPLOAD_SWEEP_INTERVAL_MS,
    trashRetentionDays: env.TRASH_RETENTION_DAYS,
    auditRetentionDays: env.AUDIT_RETENTION_DAYS ?? null,
    pageCache: { maxBytes: env.PAGE_CACHE_MAX_BYTES, ttlMs: env.PAGE_CACHE_TTL_MS },
    cdnCache: { sMaxAge: env.CDN_S_MAXAGE, staleWhileRevalidate: env.CDN_STALE_WHILE_REVALIDATE, staleIfError: env.CDN_STALE_IF_ERROR },
    urlImport: { allowHosts: env.URL_IMPORT_ALLOW_HOSTS ?? [], concurrency: env.URL_IMPORT_CONCURRENCY,
      connectTimeoutMs: env.URL_IMPORT_CONNECT_TIMEOUT_MS, idleTimeoutMs: env.URL_IMPORT_IDLE_TIMEOUT_MS },
    pdfText: { timeoutMs: env.PDF_TEXT_TIMEOUT_MS, maxBytes: env.PDF_TEXT_MAX_BYTES, maxMemoryMb: env.PDF_TEXT_MAX_MEMORY_MB },
    webhooks: { allowHosts: env.WEBHOOK_ALLOW_HOSTS ?? [] },
    /** Backups the server takes itself, each into a subfolder of dir; null for none (README, "Backups"). */
    backup: env.BACKUP_DIR
      ? { dir: path.resolve(env.BACKUP_DIR), intervalMs: Math.round((env.BACKUP_INTERVAL_HOURS ?? 24) * 3_600_000), keep: env.BACKUP_KEEP }
      : null,
    backupKey: env.BACKUP_KEY ?? null,
    cdnPurge: cdnPurge(env),
    metricsToken: env.METRICS_TOKEN ?? null,
  };
}

/** CDN_PURGE with its CDN's settings (crossFieldRules made sure the needed ones are set). */
function cdnPurge(env: Env) {
  const delayMs = env.CDN_PURGE_DELAY_MS;
  const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');
  switch (env.CDN_PURGE) {
    case undefined:
      return null;
    case 'varnish':
      return { delayMs, kind: 'varnish' as const, urls: env.VARNISH_PURGE_URL ?? [] };
    case 'fastly':
      return { delayMs, kind: 'fastly' as const, apiUrl: withoutTrailingSlash(env.FASTLY_API_URL ?? 'https://api.fastly.com'),
        serviceId: env.FASTLY_SERVICE_ID ?? '', token: env.FASTLY_API_TOKEN ?? '' };
    case 'cloudflare':
      return { delayMs, kind: 'cloudflare' as const, apiUrl: withoutTrailingSlash(env.CLOUDFLARE_API_URL ?? 'https://api.cloudflare.com/client/v4'),
        zoneId: env.CLOUDFLARE_ZONE_ID ?? '', token: env.CLOUDFLARE_API_TOKEN ?? '' };
    case 'cloudfront':
      return { delayMs, kind: 'cloudfront' as const, distributionId: env.CLOUDFRONT_DISTRIBUTION_ID ?? '',
        endpoint: env.CLOUDFRONT_ENDPOINT ?? null, credentials: awsCredentials(env) };
  }
}

/** S3's and CloudFront's keys; null leaves them to the AWS SDK's usual chain (instance role, shared config). */
function awsCredentials(env: Env) {
  if (!env.AWS_ACCESS_KEY_ID || !env.AWS_SECRET_ACCESS_KEY) return null;
  const keys = { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY };
  return env.AWS_SESSION_TOKEN ? { ...keys, sessionToken: env.AWS_SESSION_TOKEN } : keys;
}

const configSchema = envSchema
  // Only once every variable is valid on its own, so one mistake gives one message.
  .superRefine(crossFieldRules, { when: (payload) => payload.issues.length === 0 })
  .transform(toConfig);

/** Built once at start and never changed after: loadConfig freezes it, nested objects too. */
export type Config = DeepReadonly<z.output<typeof configSchema>>;
export type DatabaseConfig = Config['database'];
export type StorageConfig = Config['storage'];
export type LeadsConfig = Config['leads'];
export type UrlImportConfig = Config['urlImport'];
export type ClientLoginUrls = Config['clientLoginUrls'];
export type BackupScheduleConfig = NonNullable<Config['backup']>;
export type CdnPurgeConfig = NonNullable<Config['cdnPurge']>;
type DeepReadonly<T> = T extends object ? { readonly [K in keyof T]: DeepReadonly<T[K]> } : T;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings are treated as unset so `PORT= npm start` behaves like no PORT at all.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      if (issue.path.length === 0) return `  ${issue.message}`; // a rule between variables: its message names them
      const name = String(issue.path[0]);
      const shown = secretVariables.has(name) ? '(hidden)' : JSON.stringify(cleaned[name] ?? '');
      return `  ${issue.path.join('.')}=${shown}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return deepFreeze(parsed.data);
}

/** Object.freeze all the way down, so a change after start throws instead of half-applying. */
function deepFreeze<T extends object>(value: T): DeepReadonly<T> {
  for (const child of Object.values(value)) if (child !== null && typeof child === 'object') deepFreeze(child);
  return Object.freeze(value) as DeepReadonly<T>;
}

/** Express's `trust proxy`: 'false' (the socket address), 'true', a hop count, or proxy addresses/subnets ('loopback, 10.0.0.0/8'). */
function parseTrustProxy(value: string): boolean | number | string {
  if (value === 'true' || value === 'false') return value === 'true';
  return /^\d+$/.test(value) ? Number(value) : value;
}

/** URL_IMPORT_ALLOW_HOSTS as normalised `host:port` pairs (the URL parser's host: `LOCALHOST:80` is `localhost:80`), or null when one is not. */
export function parseAllowHosts(value: string): string[] | null {
  const pairs: string[] = [];
  for (const entry of value.split(',').map((item) => item.trim()).filter(Boolean)) {
    if (!/:\d{1,5}$/.test(entry) || /[/?#@\s]/.test(entry) || !URL.canParse(`http://${entry}`)) return null;
    const { hostname } = new URL(`http://${entry}`);
    const port = Number(/:(\d{1,5})$/.exec(entry)?.[1]);
    if (!hostname || port < 1 || port > 65535) return null;
    pairs.push(`${hostname}:${port}`);
  }
  return pairs.length > 0 ? pairs : null;
}

/** One http(s) URL or several separated by commas (VARNISH_PURGE_URL), or null when one is not such a URL. */
export function parseUrlList(value: string): string[] | null {
  const urls = value.split(',').map((item) => item.trim()).filter(Boolean);
  if (urls.length === 0) return null;
  for (const url of urls) if (!/^https?:\/\/[^/]/.test(url) || !URL.canParse(url)) return null;
  return urls;
}
