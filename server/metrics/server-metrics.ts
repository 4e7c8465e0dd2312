import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Logger } from '../logger.ts';

/**
 * What an outbox tells the metrics: rows waiting to be sent (pending, or claimed by a sender)
 * and rows that failed for good and no admin dismissed yet. The lead e-mails and webhook
 * deliveries are read from their tables (outbox-sources.ts); another outbox (the CDN purges)
 * registers its own service, which has these two methods.
 */
export interface OutboxStatsSource {
  queueLength(): number | Promise<number>;
  failures(): number | Promise<number>;
}

/** The page cache's size, read at each scrape (PageCache.stats). */
export interface PageCacheStatsSource {
  readonly stats: { pages: number; bytes: number };
}

/** Why an admin login was refused before its password was checked (docs/decisions/011-login-throttling.md). */
export type LoginRefusal = 'address' | 'pair' | 'username' | 'busy';

/** Every metric name starts with this, apart from prom-client's default process and Node.js ones. */
export const METRIC_PREFIX = 'vpv_';

/** Request durations: a page cache hit takes ~1 ms, a render 20-200 ms, an upload seconds. */
const DURATION_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** A login waits for the hashing queue 0 s (quiet) to a few seconds (ten waiting, ~0.35 s each). */
const WAIT_BUCKETS = [0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8];

/**
 * The figures of one server (docs/operations.md, "Metrics"; decision 029), in a prom-client
 * registry of its own rather than the library's global one, so each app a test builds counts
 * for itself. Services count at existing points with one `.inc()` or `.observe()`; sizes and
 * queue lengths are read when Prometheus scrapes (collect callbacks), so nothing runs between
 * scrapes. GET /metrics (metrics-endpoint.ts) serves it.
 */
export class ServerMetrics {
  readonly registry = new Registry();

  readonly httpRequestDuration = new Histogram({
    name: `${METRIC_PREFIX}http_request_duration_seconds`,
    help: 'Time from a request arriving to its answer being sent, by method, route pattern (never the raw path) and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });

  readonly pageCacheRequests = new Counter({
    name: `${METRIC_PREFIX}page_cache_requests_total`,
    help: "Visitors' page requests by what the page cache did: hit (this content version's copy), stale (the previous copy, while the new one renders), miss (rendered and kept).",
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly rendersInFlight = new Gauge({
    name: `${METRIC_PREFIX}page_renders_in_flight`,
    help: 'Page requests React Router is rendering now in this process (cache hits never render).',
    registers: [this.registry],
  });

  readonly loginRefusals = new Counter({
    name: `${METRIC_PREFIX}admin_login_refusals_total`,
    help: 'Admin logins refused before the password was checked: throttled by address, address and username, or username, or busy (the hashing queue was full).',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  readonly hashQueueWait = new Histogram({
    name: `${METRIC_PREFIX}password_hash_queue_wait_seconds`,
    help: 'How long an admin login waited for a place in the password hashing queue.',
    buckets: WAIT_BUCKETS,
    registers: [this.registry],
  });

  readonly uploadBytes = new Counter({
    name: `${METRIC_PREFIX}document_upload_bytes_total`,
    help: 'Bytes of uploaded files stored and handed to the documents intake (every upload path and import from link), by outcome: accepted as a document or refused there.',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  private readonly outboxes = new Map<string, OutboxStatsSource>();
  private readonly pageCaches: PageCacheStatsSource[] = [];

  constructor(private readonly logger: Logger) {
    // Process CPU, memory, file descriptors, GC, and Node's nodejs_eventloop_lag_* (perf_hooks' delay histogram).
    collectDefaultMetrics({ register: this.registry });

    const pageCaches = this.pageCaches;
    new Gauge({
      name: `${METRIC_PREFIX}page_cache_pages`,
      help: 'Pages kept in the page cache of this process.',
      registers: [this.registry],
      collect() {
        this.set(pageCaches.reduce((sum, cache) => sum + cache.stats.pages, 0));
      },
    });
    new Gauge({
      name: `${METRIC_PREFIX}page_cache_bytes`,
      help: 'Bytes the page cache of this process holds (each page in identity, brotli and gzip).',
      registers: [this.registry],
      collect() {
        this.set(pageCaches.reduce((sum, cache) => sum + cache.stats.bytes, 0));
      },
    });

    const readOutboxes = (read: (source: OutboxStatsSource) => number | Promise<number>) => async (gauge: Gauge<'outbox'>) => {
      gauge.reset();
      await Promise.all(
        [...this.outboxes].map(async ([name, source]) => {
          try {
            gauge.set({ outbox: name }, await read(source));
          } catch (error) {
            // The database did not answer: this outbox is left out of this scrape, the rest is served.
            this.logger.warn({ err: error, outbox: name }, 'metrics: an outbox could not be read');
          }
        }),
      );
    };
    const queueLength = readOutboxes((source) => source.queueLength());
    const failures = readOutboxes((source) => source.failures());
    new Gauge({
      name: `${METRIC_PREFIX}outbox_queue_length`,
      help: 'Rows of an outbox waiting to be sent (pending, or claimed by a sender), across all processes.',
      labelNames: ['outbox'] as const,
      registers: [this.registry],
      collect() {
        return queueLength(this);
      },
    });
    new Gauge({
      name: `${METRIC_PREFIX}outbox_failed`,
      help: 'Rows of an outbox that failed for good and no admin dismissed, across all processes.',
      labelNames: ['outbox'] as const,
      registers: [this.registry],
      collect() {
        return failures(this);
      },
    });
  }

  /** Reports an outbox's queue and failures under `outbox="<name>"` from the next scrape on. */
  registerOutbox(name: string, source: OutboxStatsSource): void {
    this.outboxes.set(name, source);
  }

  /** Adds a page cache whose size the page cache gauges report; returns it. */
  watchPageCache<T extends PageCacheStatsSource>(cache: T): T {
    this.pageCaches.push(cache);
    return cache;
  }

  /** The text Prometheus scrapes, and its Content-Type. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
