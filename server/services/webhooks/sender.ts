import http from 'node:http';
import https from 'node:https';
import { WEBHOOK_GONE_REASON, WEBHOOK_PRIVATE_ADDRESS } from '@domain/webhooks.ts';
import type { Insertable } from 'kysely';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import type { Db } from '../../db/connection.ts';
import type { WebhookAttemptTable, WebhookDeliveryRow } from '../../db/tables/webhooks.ts';
import type { Logger } from '../../logger.ts';
import { OutboxRunner, type OutboxTiming } from '../outbox/outbox-runner.ts';
import { INSIDE_ADDRESS, guarded, refusalFor } from '../url-import/fetch-policy.ts';
import { deliveryQueries } from './outbox.ts';
import { nextRetryDelay, parseRetryAfter } from './schedule.ts';
import { signedHeaders } from './signature.ts';

/** The lease (OutboxTiming) is longer than the timeout, so a claim outlives its attempt. */
export interface SenderTiming extends OutboxTiming {
  /** From the request to the end of the answer's first bytes. */
  timeoutMs: number;
}

export const DEFAULT_SENDER_TIMING: SenderTiming = { pollIntervalMs: 5_000, leaseMs: 60_000, timeoutMs: 15_000, batchSize: 20 };
/** The delivery log keeps this much of each answer. */
export const EXCERPT_BYTES = 1000;

/** One attempt's outcome: an answer (any status), no answer (error), or cancelled by a shutdown. */
interface AttemptResult {
  httpStatus: number | null;
  error: string | null;
  excerpt: string | null;
  retryAfter: string | undefined;
  cancelled?: true;
}

const CANCELLED: AttemptResult = { httpStatus: null, error: 'Cancelled: the server shut down.', excerpt: null, retryAfter: undefined, cancelled: true };

/**
 * The sender of the webhook outbox (docs/leads.md#webhooks): the polling, claiming and lanes
 * (one per endpoint) are OutboxRunner's; this class makes one signed POST and decides what
 * its answer means (delivered, retry, 410 Gone). stop() cancels the attempts in flight (their
 * rows go back to pending) and ends the polling; runOnce still works after it, and the tests
 * drive it by hand.
 */
export class WebhookSender extends OutboxRunner<WebhookDeliveryRow, SenderTiming> {
  private readonly httpAgent: RequestFilteringHttpAgent;
  private readonly httpsAgent: RequestFilteringHttpsAgent;

  constructor(
    db: Db,
    logger: Logger,
    allowHosts: readonly string[],
    timing: SenderTiming = DEFAULT_SENDER_TIMING,
    private readonly random: () => number = Math.random,
  ) {
    super(db, logger, timing, { queries: deliveryQueries, runFailedMessage: 'webhook delivery run failed', haltOnStop: false, nextDueFloorMs: 250 });
    // The import-from-link agents: the address each name resolves to is checked at connect time.
    this.httpAgent = guarded(new RequestFilteringHttpAgent({ keepAlive: false }), http.Agent.prototype, allowHosts);
    this.httpsAgent = guarded(new RequestFilteringHttpsAgent({ keepAlive: false }), https.Agent.prototype, allowHosts);
  }

  protected override async deliver(row: WebhookDeliveryRow, now: number, cancelled: AbortSignal): Promise<boolean> {
    const id = Number(row.id);
    const attempts = Number(row.attempts);
    const endpoint = await this.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', row.endpoint_id).executeTakeFirst();
    // Deleted since the claim: the delivery went with it (remove(), and the foreign key's cascade).
    if (!endpoint) return false;
    // A disabled endpoint gets no events, but Send test event still reaches it: that is how an
    // admin checks a receiver that answered 410 before turning it back on.
    if (!Number(endpoint.enabled) && row.event_type !== 'webhook.test') {
      await this.recordAttempt({ delivery_id: id, at: Date.now(), duration_ms: 0, http_status: null, error: 'The endpoint is disabled; nothing was sent.', response_excerpt: null });
      await this.finish(row, { status: 'failed', next_attempt_at: null });
      return false;
    }
    const secrets = [endpoint.secret];
    if (endpoint.previous_secret && endpoint.previous_secret_until !== null && Number(endpoint.previous_secret_until) > now) {
      secrets.push(endpoint.previous_secret);
    }
    // The signed time is the real clock's: receivers refuse timestamps far from their own.
    const headers = signedHeaders(secrets, row.message_id, Math.floor(Date.now() / 1000), row.payload);
    const started = Date.now();
    const result = await this.post(endpoint.url, headers, row.payload, cancelled);
    const durationMs = Date.now() - started;
    const log = { delivery: id, endpoint: Number(endpoint.id), messageId: row.message_id, attempts, status: result.httpStatus, error: result.error };
    if (result.cancelled) {
      await this.putBack(row);
      this.logger.info(log, 'webhook attempt cancelled by shutdown; it goes out again');
      return false;
    }
    const recorded = await this.recordAttempt({
      delivery_id: id,
      at: started,
      duration_ms: durationMs,
      http_status: result.httpStatus,
      error: result.error?.slice(0, 1000) ?? null,
      response_excerpt: result.excerpt,
    });
    if (!recorded) {
      // The endpoint was deleted while the attempt was in flight: nothing is left to record.
      this.logger.info(log, 'webhook endpoint deleted during an attempt; its outcome is not kept');
      return false;
    }

    if (result.httpStatus !== null && result.httpStatus >= 200 && result.httpStatus < 300) {
      await this.finish(row, { status: 'delivered', delivered_at: Date.now(), next_attempt_at: null });
      this.logger.info(log, 'webhook delivered');
      return true;
    }
    if (result.httpStatus === 410) {
      await this.disableGone(row, Number(endpoint.id));
      this.logger.warn(log, 'webhook endpoint answered 410 Gone; disabled');
      return false;
    }
    const delay = nextRetryDelay(attempts, this.random(), parseRetryAfter(result.retryAfter, Date.now()));
    await this.finish(row, delay === null ? { status: 'failed', next_attempt_at: null } : { status: 'pending', next_attempt_at: now + delay });
    this.logger.warn({ ...log, retryAt: delay === null ? null : now + delay }, delay === null ? 'webhook failed for good' : 'webhook failed; will retry');
    return false;
  }

  /**
   * Adds an attempt to the delivery log; false when the delivery is gone (its endpoint was
   * deleted while the attempt was in flight, and the delivery with it), which the insert's
   * foreign key refuses. Any other failure is the database's and is thrown.
   */
  private async recordAttempt(attempt: Insertable<WebhookAttemptTable>): Promise<boolean> {
    try {
      await this.db.insertInto('webhook_attempts').values(attempt).execute();
      return true;
    } catch (error) {
      const delivery = await this.db.selectFrom('webhook_deliveries').select('id').where('id', '=', attempt.delivery_id).executeTakeFirst();
      if (delivery) throw error;
      return false;
    }
  }

  /**
   * A shutdown cancelled the attempt: the row is pending again and due at once, with the
   * attempt not counted (it failed through no fault of the receiver's), so the next process
   * that looks sends it. If this write does not happen, the claim's lease runs out instead.
   */
  private async putBack(row: WebhookDeliveryRow): Promise<void> {
    await this.finish(row, { status: 'pending', attempts: Math.max(0, Number(row.attempts) - 1), next_attempt_at: Date.now() });
  }

  /** A 410: the endpoint is turned off with the reason, and its waiting deliveries fail with this one. */
  private async disableGone(row: WebhookDeliveryRow, endpointId: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('webhook_endpoints')
        .set((eb) => ({ enabled: 0, disabled_reason: WEBHOOK_GONE_REASON, updated_at: Date.now(), version: eb('version', '+', 1) }))
        .where('id', '=', endpointId)
        .execute();
      await trx
        .updateTable('webhook_deliveries')
        .set({ status: 'failed', next_attempt_at: null })
        .where('endpoint_id', '=', endpointId)
        .where((eb) => eb.or([eb('status', '=', 'pending'), eb.and([eb('id', '=', row.id), eb('status', '=', 'sending')])]))
        .execute();
    });
  }

  /** One POST: the status and the answer's first bytes, or why no answer came, or `cancelled`. Never throws. */
  private post(urlText: string, headers: Record<string, string>, body: string, cancelled: AbortSignal): Promise<AttemptResult> {
    let url: URL;
    try {
      url = new URL(urlText);
    } catch {
      return Promise.resolve({ httpStatus: null, error: 'The endpoint URL is not valid.', excerpt: null, retryAfter: undefined });
    }
    if (cancelled.aborted) return Promise.resolve(CANCELLED);
    return new Promise((resolve) => {
      let settled = false;
      const done = (result: AttemptResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        cancelled.removeEventListener('abort', cancel);
        resolve(result);
      };
      const cancel = () => {
        request.destroy();
        done(CANCELLED);
      };
      const client = url.protocol === 'https:' ? https : http;
      const request = client.request(url, {
        method: 'POST',
        agent: url.protocol === 'https:' ? this.httpsAgent : this.httpAgent,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'vpv-energy-webhooks/1',
        },
        maxHeaderSize: 32 * 1024,
      });
      const timer = setTimeout(() => {
        request.destroy();
        done({ httpStatus: null, error: `No answer within ${this.timing.timeoutMs / 1000} seconds.`, excerpt: null, retryAfter: undefined });
      }, this.timing.timeoutMs);
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          response.destroy();
          const retryAfter = response.headers['retry-after'];
          done({
            httpStatus: response.statusCode ?? null,
            error: null,
            excerpt: Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8'),
            retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter,
          });
        };
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= EXCERPT_BYTES) finish();
        });
        response.on('end', finish);
        response.on('error', finish);
      });
      request.on('error', (error) => done({ httpStatus: null, error: attemptError(error, url), excerpt: null, retryAfter: undefined }));
      cancelled.addEventListener('abort', cancel, { once: true });
      request.end(body);
    });
  }
}

/** A network failure in words; redirects are never followed, so a 3xx is an answer like any other. */
function attemptError(error: unknown, url: URL): string {
  const message = refusalFor(error, url).message;
  if (message === INSIDE_ADDRESS) return WEBHOOK_PRIVATE_ADDRESS;
  return message.replace('before the file arrived', 'before an answer arrived').replace(/^The file could not be fetched from (.*)\.$/, 'The request to $1 failed.');
}
