import { CloudFrontClient, CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';
import type { CdnPurgeConfig } from '../../config.ts';
import type { CacheTag } from '../../http-cache/cache-tags.ts';
import { awsClientAccess } from '../../storage/s3-client.ts';

/**
 * The adapters that tell a CDN to drop the pages showing some content (docs/operations.md,
 * "CDN purge"): one request shape per CDN, as each documents it. A purge either resolves (the
 * CDN took it) or throws a PurgeError saying why; the outbox (sender.ts) decides when to try
 * again.
 */
export interface CdnPurger {
  /** The CDN's name, for the logs. */
  readonly name: string;
  /**
   * Drops every cached response carrying one of `tags`. `reference` names this purge (the
   * content version), so a CDN that can tell a repeated request (CloudFront) makes it once.
   */
  purge(tags: readonly CacheTag[], reference?: string): Promise<void>;
}

/** A purge the CDN did not take: its answer or the network's error in words, and when it asked to be tried again. */
export class PurgeError extends Error {
  override name = 'PurgeError';
  constructor(
    message: string,
    /** The CDN's Retry-After (ms from now), when it sent one. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

/** The longest wait for a CDN's answer; the lease of a claimed purge (sender.ts) is longer. */
export const PURGE_TIMEOUT_MS = 15_000;
/** How much of a refusal's body goes into the error (and the row's last_error). */
const EXCERPT_CHARS = 300;
/** Fastly takes up to 256 surrogate keys per purge request. */
export const FASTLY_MAX_KEYS = 256;
/** Cloudflare takes up to 30 tags per purge_cache call on every plan (more on some). */
export const CLOUDFLARE_MAX_TAGS = 30;

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));

/** One request; a PurgeError unless the answer is 2xx. Returns the answer's body text. */
async function send(url: string, init: RequestInit, what: string, timeoutMs: number): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const cause = error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} seconds` : networkError(error);
    throw new PurgeError(`${what} failed: ${cause}`);
  }
  const body = await response.text().catch(() => '');
  if (response.status < 200 || response.status > 299) {
    throw new PurgeError(`${what} answered ${response.status}: ${body.slice(0, EXCERPT_CHARS).trim()}`, retryAfter(response.headers.get('retry-after')));
  }
  return body;
}

function networkError(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error ? cause.message : String(cause);
}

/** Retry-After in delay-seconds or as an HTTP date, as ms from now; null when absent or not valid. */
function retryAfter(value: string | null): number | null {
  if (value === null) return null;
  if (/^\d{1,10}$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/**
 * Varnish with the xkey module (docs/deploy/varnish.vcl): `PURGE /` with the tags in the
 * `xkey-purge` header, separated by spaces, to every Varnish named (a purge succeeds when each
 * of them took it; a retry asks them all again, which is harmless).
 */
export class VarnishPurger implements CdnPurger {
  readonly name = 'varnish';
  constructor(
    private readonly urls: readonly string[],
    private readonly timeoutMs = PURGE_TIMEOUT_MS,
  ) {}

  async purge(tags: readonly CacheTag[]): Promise<void> {
    const failures: string[] = [];
    await Promise.all(
      this.urls.map(async (url) => {
        try {
          await send(url, { method: 'PURGE', headers: { 'xkey-purge': tags.join(' ') } }, `PURGE ${url}`, this.timeoutMs);
        } catch (error) {
          failures.push(error instanceof Error ? error.message : String(error));
        }
      }),
    );
    if (failures.length > 0) throw new PurgeError(failures.join('; '));
  }
}

/**
 * Fastly's purge by surrogate key, several at once: `POST /service/<id>/purge` with the keys in
 * the `Surrogate-Key` header, separated by spaces, and the API token in `Fastly-Key`; up to 256
 * keys per request. A hard purge: the next request goes to the origin.
 */
export class FastlyPurger implements CdnPurger {
  readonly name = 'fastly';
  constructor(
    private readonly settings: { apiUrl: string; serviceId: string; token: string },
    private readonly timeoutMs = PURGE_TIMEOUT_MS,
  ) {}

  async purge(tags: readonly CacheTag[]): Promise<void> {
    const url = `${this.settings.apiUrl}/service/${encodeURIComponent(this.settings.serviceId)}/purge`;
    for (const keys of chunks(tags, FASTLY_MAX_KEYS)) {
      await send(
        url,
        { method: 'POST', headers: { 'fastly-key': this.settings.token, 'surrogate-key': keys.join(' '), accept: 'application/json' } },
        'Fastly purge',
        this.timeoutMs,
      );
    }
  }
}

/**
 * Cloudflare's purge by cache tag: `POST /zones/<zone id>/purge_cache` with `{"tags": [...]}`
 * and the API token as a bearer token; at most 30 tags per call. Cloudflare answers
 * `{"success": true, ...}`; anything else is a failure, whatever the status.
 */
export class CloudflarePurger implements CdnPurger {
  readonly name = 'cloudflare';
  constructor(
    private readonly settings: { apiUrl: string; zoneId: string; token: string },
    private readonly timeoutMs = PURGE_TIMEOUT_MS,
  ) {}

  async purge(tags: readonly CacheTag[]): Promise<void> {
    const url = `${this.settings.apiUrl}/zones/${encodeURIComponent(this.settings.zoneId)}/purge_cache`;
    for (const batch of chunks(tags, CLOUDFLARE_MAX_TAGS)) {
      const body = await send(
        url,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${this.settings.token}`, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ tags: batch }),
        },
        'Cloudflare purge_cache',
        this.timeoutMs,
      );
      let success = false;
      try {
        success = (JSON.parse(body) as { success?: unknown }).success === true;
      } catch {
        // not JSON: a failure, said below
      }
      if (!success) throw new PurgeError(`Cloudflare purge_cache did not report success: ${body.slice(0, EXCERPT_CHARS).trim()}`);
    }
  }
}

/**
 * The paths a CloudFront invalidation needs for some tags. CloudFront knows no tags: a page tag
 * `page:/x` is the page and its data requests (`/x`, `/x.data*`; `/` has `/_root.data`), and
 * any other tag (`site`, `glossary`, …) may be on many pages, so it invalidates everything
 * (`/*`, which CloudFront counts as one path).
 */
export function cloudFrontPaths(tags: readonly CacheTag[]): string[] {
  const paths = new Set<string>();
  for (const tag of tags) {
    if (!tag.startsWith('page:/')) return ['/*'];
    const path = tag.slice('page:'.length);
    paths.add(path);
    paths.add(path === '/' ? '/_root.data*' : `${path}.data*`);
  }
  return [...paths];
}

/**
 * CloudFront's CreateInvalidation through the AWS SDK. The caller reference is the purge's
 * reference (the content version), so a retry after a lost answer is recognised by CloudFront
 * as the same invalidation. The SDK's own retries are off: the outbox retries.
 */
export class CloudFrontPurger implements CdnPurger {
  readonly name = 'cloudfront';
  private readonly client: CloudFrontClient;

  constructor(
    private readonly settings: Extract<CdnPurgeConfig, { kind: 'cloudfront' }>,
    private readonly timeoutMs = PURGE_TIMEOUT_MS,
  ) {
    this.client = new CloudFrontClient({
      // CloudFront is global; its API lives in us-east-1.
      region: 'us-east-1',
      maxAttempts: 1,
      ...awsClientAccess(settings),
    });
  }

  async purge(tags: readonly CacheTag[], reference = `vpv-${Date.now()}`): Promise<void> {
    const items = cloudFrontPaths(tags);
    try {
      await this.client.send(
        new CreateInvalidationCommand({
          DistributionId: this.settings.distributionId,
          InvalidationBatch: { CallerReference: reference, Paths: { Quantity: items.length, Items: items } },
        }),
        { abortSignal: AbortSignal.timeout(this.timeoutMs) },
      );
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      throw new PurgeError(`CloudFront CreateInvalidation failed${status ? ` (${status})` : ''}: ${message.slice(0, EXCERPT_CHARS)}`);
    }
  }

  close(): void {
    this.client.destroy();
  }
}

/** The purger CDN_PURGE names, or null when none is configured. */
export function createPurger(config: CdnPurgeConfig | null, timeoutMs = PURGE_TIMEOUT_MS): CdnPurger | null {
  if (!config) return null;
  switch (config.kind) {
    case 'varnish':
      return new VarnishPurger(config.urls, timeoutMs);
    case 'fastly':
      return new FastlyPurger(config, timeoutMs);
    case 'cloudflare':
      return new CloudflarePurger(config, timeoutMs);
    case 'cloudfront':
      return new CloudFrontPurger(config, timeoutMs);
  }
}
