import { SINGLE_REQUEST_MAX_BYTES } from '@domain/documents/upload-limits.ts';
import path from 'node:path';
import { z } from 'zod';
import type { CdnCacheSettings } from './http-cache/cache-headers.ts';

/**
 * Every environment variable the server reads, parsed and validated once at start.
 * A bad value stops the process with a message naming the variable, instead of
 * failing later in some unrelated request.
 */

const port = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535');

const logLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
  error: 'must be one of fatal, error, warn, info, debug, trace, silent',
});

const databaseUrl = z
  .string()
  .refine(
    (value) => /^(postgres|postgresql):\/\//.test(value) || /^(sqlite|file):/.test(value),
    'must be a postgres:// URL or a sqlite:/file: path',
  );

const httpOrigin = z
  .url({ error: 'must be an absolute http(s) URL such as https://example.com' })
  .refine((value) => /^https?:\/\//.test(value), 'must start with http:// or https://')
  .transform((value) => new URL(value).origin);

/** A full http(s) URL, path kept (a client sign-in page). */
const httpUrl = z
  .url({ error: 'must be an absolute http(s) URL such as https://app.example.com/login' })
  .refine((value) => /^https?:\/\//.test(value), 'must start with http:// or https://');

/** A duration in whole seconds, 0 or more (one year at most: longer means nothing to a cache). */
const seconds = z.coerce
  .number({ error: 'must be a number of seconds' })
  .int('must be a whole number of seconds')
  .min(0, 'must be 0 or more')
  .max(31_536_000, 'must be at most 31536000 (a year)');

/** The CDNs CDN_PURGE may name (server/services/cdn-purge/). */
export const CDN_PURGE_KINDS = ['varnish', 'fastly', 'cloudflare', 'cloudfront'] as const;
export type CdnPurgeKind = (typeof CDN_PURGE_KINDS)[number];

/** One http(s) URL or several separated by commas (VARNISH_PURGE_URL), or null when one is not such a URL. */
export function parseUrlList(value: string): string[] | null {
  const urls = value.split(',').map((item) => item.trim()).filter(Boolean);
  if (urls.length === 0) return null;
  for (const url of urls) if (!/^https?:\/\/[^/]/.test(url) || !URL.canParse(url)) return null;
  return urls;
}

/** S3's largest object (5 TiB): a bigger UPLOAD_MAX_BYTES could never be stored. */
const MAX_UPLOAD_BYTES = 5 * 1024 ** 4;


const envSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().min(1, 'must not be empty').default('0.0.0.0'),
  SITE_URL: httpOrigin.optional(),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: databaseUrl.optional(),
  LOG_LEVEL: logLevel.optional(),
  ACCESS_LOG: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  TRUST_PROXY: z.string().default('false'),
  MARKET_APP_URL: httpUrl.optional(),
  LEASE_APP_URL: httpUrl.optional(),
  EQUIPMENT_STORE_URL: httpUrl.optional(),
  ADMIN_USERNAME: z.string().trim().min(2, 'must have at least 2 characters').max(64, 'must have at most 64 characters').optional(),
  ADMIN_PASSWORD: z.string().min(12, 'must have at least 12 characters').max(1024, 'must have at most 1024 characters').optional(),
  ADMIN_SESSION_IDLE_MINUTES: z.coerce.number({ error: 'must be a number' }).positive('must be positive').default(30),
  ADMIN_SESSION_ABSOLUTE_HOURS: z.coerce.number({ error: 'must be a number' }).positive('must be positive').default(12),
  LEADS_RATE_LIMIT: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be 0 (off) or more')
    .default(5),
  SMTP_URL: z.string().refine((value) => /^smtps?:\/\/[^/]/.test(value), 'must be an smtp:// or smtps:// URL').optional(),
  LEADS_NOTIFY_TO: z
    .string()
    .refine(
      (value) => value.split(',').every((address) => z.email().safeParse(address.trim()).success),
      'must be one e-mail address or several separated by commas',
    )
    .optional(),
  LEADS_NOTIFY_FROM: z
    .string()
    .refine(
      (value) => z.email().safeParse(/<([^>]+)>\s*$/.exec(value)?.[1] ?? value.trim()).success,
      'must be an e-mail address, optionally as "Name <address>"',
    )
    .optional(),
  UPLOAD_MAX_BYTES: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1024, 'must be at least 1024 bytes')
    .max(MAX_UPLOAD_BYTES, `must be at most ${MAX_UPLOAD_BYTES} bytes (5 TiB, S3's largest object)`)
    .default(5 * 1024 ** 3),
  UPLOAD_SWEEP_INTERVAL_MS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(100, 'must be at least 100 ms')
    .default(60 * 60_000),
  TRASH_RETENTION_DAYS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1 day')
    .max(36_500, 'must be at most 36500 days')
    .default(30),
  PAGE_CACHE_MAX_BYTES: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be 0 (no page cache) or more')
    .default(64 * 1024 ** 2),
  PAGE_CACHE_TTL_MS: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1000, 'must be at least 1000 ms').default(5 * 60_000),
  // What a CDN in front may do with public pages (server/http-cache/, README "Running behind a CDN"), in seconds.
  CDN_S_MAXAGE: seconds.default(300),
  CDN_STALE_WHILE_REVALIDATE: seconds.default(60),
  CDN_STALE_IF_ERROR: seconds.default(86_400),
  URL_IMPORT_ALLOW_HOSTS: z
    .string()
    .refine((value) => parseAllowHosts(value) !== null, 'must be host:port pairs separated by commas, such as files.internal:8080,10.0.0.5:443')
    .optional(),
  WEBHOOK_ALLOW_HOSTS: z
    .string()
    .refine((value) => parseAllowHosts(value) !== null, 'must be host:port pairs separated by commas, such as crm.internal:8080,127.0.0.1:9000')
    .optional(),
  URL_IMPORT_CONCURRENCY: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').default(2),
  URL_IMPORT_CONNECT_TIMEOUT_MS: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(100, 'must be at least 100 ms').default(10_000),
  URL_IMPORT_IDLE_TIMEOUT_MS: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(100, 'must be at least 100 ms').default(30_000),
  // Text inside PDFs (docs/search.md, "Text inside PDFs"): read in a worker thread within these limits, or not at all.
  PDF_TEXT_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(100, 'must be at least 100 ms')
    .max(600_000, 'must be at most 600000 ms')
    .default(15_000),
  PDF_TEXT_MAX_BYTES: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be 0 (no PDF is read) or more')
    .max(2 * 1024 ** 3, 'must be at most 2147483648 bytes (2 GiB)')
    .default(100 * 1024 ** 2),
  PDF_TEXT_MAX_MEMORY_MB: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(16, 'must be at least 16 MB')
    .max(16_384, 'must be at most 16384 MB')
    .default(256),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3-63 lowercase letters, digits, dots, hyphens)')
    .optional(),
  S3_REGION: z.string().trim().min(1, 'must not be empty').default('us-east-1'),
  S3_ENDPOINT: httpUrl.optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], { error: 'must be true or false' }).default('false'),
  AWS_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  AWS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  AWS_SESSION_TOKEN: z.string().min(1).optional(),
  OBJECT_URL_SECRET: z.string().min(32, 'must have at least 32 characters').optional(),
  BACKUP_DIR: z.string().trim().min(1, 'must not be empty').optional(),
  BACKUP_INTERVAL_HOURS: z.coerce.number({ error: 'must be a number' }).positive('must be more than 0').optional(),
  BACKUP_KEEP: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').default(14),
  BACKUP_KEY: z.string().min(32, 'must have at least 32 characters').max(1024, 'must have at most 1024 characters').optional(),
  AUDIT_RETENTION_DAYS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1 day')
    .max(36_500, 'must be at most 36500 days')
    .optional(),
  // CDN purge (docs/operations.md, "CDN purge"): which CDN is told when content changes, and how to reach it.
  CDN_PURGE: z.enum(CDN_PURGE_KINDS, { error: `must be one of ${CDN_PURGE_KINDS.join(', ')}` }).optional(),
  CDN_PURGE_DELAY_MS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be 0 (at once) or more')
    .max(60_000, 'must be at most 60000 ms')
    .default(2000),
  VARNISH_PURGE_URL: z
    .string()
    .refine((value) => parseUrlList(value) !== null, 'must be one http(s) URL or several separated by commas, such as http://127.0.0.1:6081')
    .optional(),
  FASTLY_API_TOKEN: z.string().trim().min(1, 'must not be empty').optional(),
  FASTLY_SERVICE_ID: z.string().regex(/^[A-Za-z0-9]{1,64}$/, 'must be a Fastly service id (letters and digits)').optional(),
  FASTLY_API_URL: httpUrl.optional(),
  CLOUDFLARE_API_TOKEN: z.string().trim().min(1, 'must not be empty').optional(),
  CLOUDFLARE_ZONE_ID: z.string().regex(/^[0-9a-f]{32}$/i, 'must be a Cloudflare zone id (32 hexadecimal digits)').optional(),
  CLOUDFLARE_API_URL: httpUrl.optional(),
  CLOUDFRONT_DISTRIBUTION_ID: z.string().regex(/^[A-Z0-9]{1,64}$/, 'must be a CloudFront distribution id (capital letters and digits, such as E2QWRUHAPOMQZL)').optional(),
  CLOUDFRONT_ENDPOINT: httpUrl.optional(),
  // GET /metrics's bearer token (docs/operations.md, "Metrics"); unset: no /metrics at all.
  METRICS_TOKEN: z
    .string()
    .min(16, 'must have at least 16 characters')
    .max(1024, 'must have at most 1024 characters')
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces (it is sent as a bearer token)')
    .optional(),
});

/** Never echo these back in an error message. */
const secretVariables = new Set([
  'ADMIN_PASSWORD',
  'FASTLY_API_TOKEN',
  'CLOUDFLARE_API_TOKEN',
  'DATABASE_URL',
  'SMTP_URL',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
  'OBJECT_URL_SECRET',
  'METRICS_TOKEN',
  'BACKUP_KEY',
]);

/**
 * Express's `trust proxy`: 'false' (default: use the socket address), 'true', a hop count,
 * or a comma-separated list of proxy addresses/subnets ('loopback, 10.0.0.0/8').
 */
function parseTrustProxy(value: string): boolean | number | string {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

export type DatabaseConfig =
  | { readonly dialect: 'sqlite'; readonly file: string }
  | { readonly dialect: 'postgres'; readonly url: string };

/** Built once at start and never changed after: loadConfig freezes it, nested objects too. */
export interface Config {
  readonly env: 'production' | 'development' | 'test';
  readonly port: number;
  readonly host: string;
  /** Public origin, no trailing slash: used for canonical URLs, Open Graph and the sitemap. */
  readonly siteUrl: string;
  readonly dataDir: string;
  readonly database: DatabaseConfig;
  readonly logLevel: z.infer<typeof logLevel>;
  /** ACCESS_LOG: one info line per request (server/access-log.ts); on unless NODE_ENV=test. */
  readonly accessLog: boolean;
  readonly shutdownTimeoutMs: number;
  /** Whether and which proxies may set X-Forwarded-For; see parseTrustProxy. */
  readonly trustProxy: boolean | number | string;
  /** ADMIN_USERNAME + ADMIN_PASSWORD: an admin created or updated at start (deployments, tests). */
  readonly adminUsername: string | null;
  readonly adminPassword: string | null;
  readonly adminSession: { readonly idleMs: number; readonly absoluteMs: number };
  /** Client Log In targets (sign-in pages of the two platforms); null opens the in-page panel. */
  readonly clientLoginUrls: ClientLoginUrls;
  /** EQUIPMENT_STORE_URL: the rental store View Inventory opens; null keeps content/site.ts's rentalStoreUrl. */
  readonly equipmentStoreUrl: string | null;
  readonly leads: LeadsConfig;
  readonly storage: StorageConfig;
  /** UPLOAD_MAX_BYTES: the largest document an admin may upload (in parts, above 100 MB). */
  readonly uploadMaxBytes: number;
  /** The largest document sent in one request: 100 MB, or UPLOAD_MAX_BYTES when that is smaller. */
  readonly singleUploadMaxBytes: number;
  /** UPLOAD_SWEEP_INTERVAL_MS: how often each process removes uploads left unfinished for a day. */
  readonly uploadSweepIntervalMs: number;
  /** TRASH_RETENTION_DAYS: how long deleted items stay in the trash before the upload sweep deletes them forever (docs/trash-and-audit.md). */
  readonly trashRetentionDays: number;
  /** AUDIT_RETENTION_DAYS: audit rows older than this are pruned by the periodic sweep; null keeps them all (docs/trash-and-audit.md). */
  readonly auditRetentionDays: number | null;
  /** Rendered anonymous pages kept per process (server/page-cache/); maxBytes 0 turns it off. */
  readonly pageCache: { readonly maxBytes: number; readonly ttlMs: number };
  /** CDN_S_MAXAGE, CDN_STALE_WHILE_REVALIDATE, CDN_STALE_IF_ERROR: the Cache-Control of public pages for shared caches (server/http-cache/). */
  readonly cdnCache: CdnCacheSettings;
  /** Import from link (docs/documents.md, "Import from link"; the SSRF policy: docs/decisions/019-url-import-ssrf-policy.md). */
  readonly urlImport: UrlImportConfig;
  /**
   * PDF_TEXT_TIMEOUT_MS, PDF_TEXT_MAX_BYTES, PDF_TEXT_MAX_MEMORY_MB: the limits of reading a PDF's text for search
   * (server/services/search/pdf-text/, docs/search.md "Text inside PDFs").
   */
  readonly pdfText: { readonly timeoutMs: number; readonly maxBytes: number; readonly maxMemoryMb: number };
  /** Webhooks (docs/leads.md#webhooks): WEBHOOK_ALLOW_HOSTS, `host:port` pairs delivered to even on inside addresses. */
  readonly webhooks: { readonly allowHosts: readonly string[] };
  /** BACKUP_DIR (+ BACKUP_INTERVAL_HOURS, BACKUP_KEEP): backups the server takes itself; null for none (README, "Backups"). */
  readonly backup: BackupScheduleConfig | null;
  /** BACKUP_KEY: signs each backup's manifest (HMAC-SHA-256) and makes restore refuse an unsigned or edited one; null signs nothing (README, "Backups"; docs/decisions/031-backup-manifest-signature.md). */
  readonly backupKey: string | null;
  /** CDN_PURGE and its CDN's settings: whom to tell when content changes; null sends nothing (docs/operations.md, "CDN purge"). */
  readonly cdnPurge: CdnPurgeConfig | null;
  /** METRICS_TOKEN: the bearer token GET /metrics asks for; null: /metrics is not served (docs/operations.md, "Metrics"). */
  readonly metricsToken: string | null;
}

/** Where purges go (server/services/cdn-purge/purgers.ts), and how long after the change. */
export type CdnPurgeConfig = { readonly delayMs: number } & (
  | { readonly kind: 'varnish'; readonly urls: readonly string[] }
  | { readonly kind: 'fastly'; readonly apiUrl: string; readonly serviceId: string; readonly token: string }
  | { readonly kind: 'cloudflare'; readonly apiUrl: string; readonly zoneId: string; readonly token: string }
  | {
      readonly kind: 'cloudfront';
      readonly distributionId: string;
      readonly endpoint: string | null;
      readonly credentials: { readonly accessKeyId: string; readonly secretAccessKey: string; readonly sessionToken?: string } | null;
    }
);

export interface BackupScheduleConfig {
  /** BACKUP_DIR, absolute: each backup goes into a subfolder named by its UTC start time. */
  readonly dir: string;
  /** BACKUP_INTERVAL_HOURS (default 24) in milliseconds: how long after the last backup the next one is due. */
  readonly intervalMs: number;
  /** BACKUP_KEEP: how many complete backups are kept, newest first. */
  readonly keep: number;
}

export interface UrlImportConfig {
  /** URL_IMPORT_ALLOW_HOSTS: `host:port` pairs (lower case, IPv6 in brackets) fetched even on inside addresses. */
  readonly allowHosts: readonly string[];
  /** URL_IMPORT_CONCURRENCY: imports running at once per process; more wait their turn. */
  readonly concurrency: number;
  /** URL_IMPORT_CONNECT_TIMEOUT_MS: from the request to the other site's response headers. */
  readonly connectTimeoutMs: number;
  /** URL_IMPORT_IDLE_TIMEOUT_MS: the longest silence while the body arrives. */
  readonly idleTimeoutMs: number;
}

/**
 * URL_IMPORT_ALLOW_HOSTS as normalised `host:port` pairs (the WHATWG URL parser's host, so
 * `LOCALHOST:80` and `localhost:80` are one), or null when an entry is not a host:port pair.
 */
export function parseAllowHosts(value: string): string[] | null {
  const pairs: string[] = [];
  for (const entry of value.split(',').map((item) => item.trim()).filter(Boolean)) {
    if (!/:\d{1,5}$/.test(entry) || /[/?#@\s]/.test(entry)) return null;
    let url: URL;
    try {
      url = new URL(`http://${entry}`);
    } catch {
      return null;
    }
    const port = Number(/:(\d{1,5})$/.exec(entry)?.[1]);
    if (!url.hostname || port < 1 || port > 65535) return null;
    pairs.push(`${url.hostname}:${port}`);
  }
  return pairs.length > 0 ? pairs : null;
}

/**
 * Where uploaded files live: files under DATA_DIR/objects (default), or an S3-compatible
 * bucket when S3_BUCKET is set. Without AWS_ACCESS_KEY_ID the SDK's usual credential chain
 * (instance role, shared config) is used.
 */
export type StorageConfig =
  | {
      readonly kind: 'disk';
      readonly dir: string;
      /** OBJECT_URL_SECRET, or null to keep a generated one in DATA_DIR. */
      readonly urlSecret: string | null;
    }
  | {
      readonly kind: 's3';
      readonly bucket: string;
      readonly region: string;
      readonly endpoint: string | null;
      readonly forcePathStyle: boolean;
      readonly credentials: { readonly accessKeyId: string; readonly secretAccessKey: string; readonly sessionToken?: string } | null;
    };

export interface LeadsConfig {
  /** LEADS_RATE_LIMIT: contact and demo posts per minute per client IP; 0 turns the limit off. */
  readonly rateLimitPerMinute: number;
  /** SMTP_URL + LEADS_NOTIFY_TO (+ LEADS_NOTIFY_FROM): where new leads are e-mailed; null for nowhere. */
  readonly notify: { readonly smtpUrl: string; readonly to: string; readonly from: string } | null;
}

export interface ClientLoginUrls {
  readonly market: string | null;
  readonly lease: string | null;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Object.freeze all the way down, so a change after start throws instead of half-applying. */
function deepFreeze<T extends object>(value: T): T {
  for (const child of Object.values(value)) if (child !== null && typeof child === 'object') deepFreeze(child);
  return Object.freeze(value);
}

function sqliteFileFrom(url: string): string {
  return url.replace(/^(sqlite|file):(\/\/)?/, '');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings are treated as unset so `PORT= npm start` behaves like no PORT at all.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      const shown = secretVariables.has(name) ? '(hidden)' : JSON.stringify(cleaned[name] ?? '');
      return `  ${issue.path.join('.')}=${shown}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  if (Boolean(values.ADMIN_USERNAME) !== Boolean(values.ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_USERNAME and ADMIN_PASSWORD must be set together.');
  }
  if (Boolean(values.SMTP_URL) !== Boolean(values.LEADS_NOTIFY_TO)) {
    throw new ConfigError('Invalid configuration:\n  SMTP_URL and LEADS_NOTIFY_TO must be set together.');
  }
  if (Boolean(values.AWS_ACCESS_KEY_ID) !== Boolean(values.AWS_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid configuration:\n  AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together.');
  }
  if (!values.BACKUP_DIR && values.BACKUP_INTERVAL_HOURS !== undefined) {
    throw new ConfigError('Invalid configuration:\n  BACKUP_INTERVAL_HOURS needs BACKUP_DIR.');
  }
  if (!values.S3_BUCKET && values.S3_ENDPOINT) {
    throw new ConfigError('Invalid configuration:\n  S3_ENDPOINT needs S3_BUCKET.');
  }
  const cdnPurge = cdnPurgeConfig(values);
  const dataDir = path.resolve(values.DATA_DIR);
  const database: DatabaseConfig = values.DATABASE_URL?.startsWith('postgres')
    ? { dialect: 'postgres', url: values.DATABASE_URL }
    : {
        dialect: 'sqlite',
        file: values.DATABASE_URL
          ? path.resolve(sqliteFileFrom(values.DATABASE_URL))
          : path.join(dataDir, 'site.db'),
      };

  return deepFreeze<Config>({
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    siteUrl: values.SITE_URL ?? `http://localhost:${values.PORT}`,
    dataDir,
    database,
    logLevel: values.LOG_LEVEL ?? (values.NODE_ENV === 'test' ? 'silent' : 'info'),
    accessLog: (values.ACCESS_LOG ?? (values.NODE_ENV === 'test' ? 'false' : 'true')) === 'true',
    shutdownTimeoutMs: values.SHUTDOWN_TIMEOUT_MS,
    trustProxy: parseTrustProxy(values.TRUST_PROXY),
    adminUsername: values.ADMIN_USERNAME ?? null,
    adminPassword: values.ADMIN_PASSWORD ?? null,
    adminSession: {
      idleMs: values.ADMIN_SESSION_IDLE_MINUTES * 60_000,
      absoluteMs: values.ADMIN_SESSION_ABSOLUTE_HOURS * 3_600_000,
    },
    clientLoginUrls: { market: values.MARKET_APP_URL ?? null, lease: values.LEASE_APP_URL ?? null },
    equipmentStoreUrl: values.EQUIPMENT_STORE_URL ?? null,
    leads: {
      rateLimitPerMinute: values.LEADS_RATE_LIMIT,
      notify:
        values.SMTP_URL && values.LEADS_NOTIFY_TO
          ? {
              smtpUrl: values.SMTP_URL,
              to: values.LEADS_NOTIFY_TO,
              // Without a sender of its own, the mail comes "from" the sales inbox it goes to.
              from: values.LEADS_NOTIFY_FROM ?? `VPV Energy website <${values.LEADS_NOTIFY_TO.split(',')[0]?.trim() ?? ''}>`,
            }
          : null,
    },
    storage: values.S3_BUCKET
      ? {
          kind: 's3',
          bucket: values.S3_BUCKET,
          region: values.S3_REGION,
          endpoint: values.S3_ENDPOINT ?? null,
          forcePathStyle: values.S3_FORCE_PATH_STYLE === 'true',
          credentials:
            values.AWS_ACCESS_KEY_ID && values.AWS_SECRET_ACCESS_KEY
              ? {
                  accessKeyId: values.AWS_ACCESS_KEY_ID,
                  secretAccessKey: values.AWS_SECRET_ACCESS_KEY,
                  ...(values.AWS_SESSION_TOKEN ? { sessionToken: values.AWS_SESSION_TOKEN } : {}),
                }
              : null,
        }
      : { kind: 'disk', dir: path.join(dataDir, 'objects'), urlSecret: values.OBJECT_URL_SECRET ?? null },
    uploadMaxBytes: values.UPLOAD_MAX_BYTES,
    singleUploadMaxBytes: Math.min(values.UPLOAD_MAX_BYTES, SINGLE_REQUEST_MAX_BYTES),
    uploadSweepIntervalMs: values.UPLOAD_SWEEP_INTERVAL_MS,
    trashRetentionDays: values.TRASH_RETENTION_DAYS,
    auditRetentionDays: values.AUDIT_RETENTION_DAYS ?? null,
    pageCache: { maxBytes: values.PAGE_CACHE_MAX_BYTES, ttlMs: values.PAGE_CACHE_TTL_MS },
    cdnCache: {
      sMaxAge: values.CDN_S_MAXAGE,
      staleWhileRevalidate: values.CDN_STALE_WHILE_REVALIDATE,
      staleIfError: values.CDN_STALE_IF_ERROR,
    },
    urlImport: {
      allowHosts: values.URL_IMPORT_ALLOW_HOSTS ? (parseAllowHosts(values.URL_IMPORT_ALLOW_HOSTS) ?? []) : [],
      concurrency: values.URL_IMPORT_CONCURRENCY,
      connectTimeoutMs: values.URL_IMPORT_CONNECT_TIMEOUT_MS,
      idleTimeoutMs: values.URL_IMPORT_IDLE_TIMEOUT_MS,
    },
    pdfText: { timeoutMs: values.PDF_TEXT_TIMEOUT_MS, maxBytes: values.PDF_TEXT_MAX_BYTES, maxMemoryMb: values.PDF_TEXT_MAX_MEMORY_MB },
    webhooks: { allowHosts: values.WEBHOOK_ALLOW_HOSTS ? (parseAllowHosts(values.WEBHOOK_ALLOW_HOSTS) ?? []) : [] },
    backup: values.BACKUP_DIR
      ? {
          dir: path.resolve(values.BACKUP_DIR),
          intervalMs: Math.round((values.BACKUP_INTERVAL_HOURS ?? 24) * 3_600_000),
          keep: values.BACKUP_KEEP,
        }
      : null,
    backupKey: values.BACKUP_KEY ?? null,
    cdnPurge,
    metricsToken: values.METRICS_TOKEN ?? null,
  });
}

/** Which variables each CDN needs, and which belong to it alone. */
const CDN_PURGE_VARIABLES = {
  varnish: { needs: ['VARNISH_PURGE_URL'], optional: [] },
  fastly: { needs: ['FASTLY_API_TOKEN', 'FASTLY_SERVICE_ID'], optional: ['FASTLY_API_URL'] },
  cloudflare: { needs: ['CLOUDFLARE_API_TOKEN', 'CLOUDFLARE_ZONE_ID'], optional: ['CLOUDFLARE_API_URL'] },
  cloudfront: { needs: ['CLOUDFRONT_DISTRIBUTION_ID'], optional: ['CLOUDFRONT_ENDPOINT'] },
} as const satisfies Record<CdnPurgeKind, { needs: readonly (keyof EnvValues)[]; optional: readonly (keyof EnvValues)[] }>;

type EnvValues = z.infer<typeof envSchema>;

/**
 * CDN_PURGE with its CDN's settings. A setting of another CDN than the one named (or with none
 * named) is refused, so a typo in CDN_PURGE or a forgotten CDN_PURGE does not silently send nothing.
 */
function cdnPurgeConfig(values: EnvValues): CdnPurgeConfig | null {
  const kind = values.CDN_PURGE;
  for (const [other, variables] of Object.entries(CDN_PURGE_VARIABLES)) {
    if (other === kind) continue;
    for (const name of [...variables.needs, ...variables.optional]) {
      if (values[name] !== undefined) throw new ConfigError(`Invalid configuration:\n  ${name} needs CDN_PURGE=${other}.`);
    }
  }
  if (!kind) return null;
  const missing = CDN_PURGE_VARIABLES[kind].needs.filter((name) => values[name] === undefined);
  if (missing.length > 0) throw new ConfigError(`Invalid configuration:\n  CDN_PURGE=${kind} needs ${missing.join(' and ')}.`);
  const delayMs = values.CDN_PURGE_DELAY_MS;
  switch (kind) {
    case 'varnish':
      return { delayMs, kind, urls: parseUrlList(values.VARNISH_PURGE_URL ?? '') ?? [] };
    case 'fastly':
      return {
        delayMs,
        kind,
        apiUrl: (values.FASTLY_API_URL ?? 'https://api.fastly.com').replace(/\/+$/, ''),
        serviceId: values.FASTLY_SERVICE_ID ?? '',
        token: values.FASTLY_API_TOKEN ?? '',
      };
    case 'cloudflare':
      return {
        delayMs,
        kind,
        apiUrl: (values.CLOUDFLARE_API_URL ?? 'https://api.cloudflare.com/client/v4').replace(/\/+$/, ''),
        zoneId: values.CLOUDFLARE_ZONE_ID ?? '',
        token: values.CLOUDFLARE_API_TOKEN ?? '',
      };
    case 'cloudfront':
      return {
        delayMs,
        kind,
        distributionId: values.CLOUDFRONT_DISTRIBUTION_ID ?? '',
        endpoint: values.CLOUDFRONT_ENDPOINT ?? null,
        credentials:
          values.AWS_ACCESS_KEY_ID && values.AWS_SECRET_ACCESS_KEY
            ? {
                accessKeyId: values.AWS_ACCESS_KEY_ID,
                secretAccessKey: values.AWS_SECRET_ACCESS_KEY,
                ...(values.AWS_SESSION_TOKEN ? { sessionToken: values.AWS_SESSION_TOKEN } : {}),
              }
            : null,
      };
  }
}
