import { describe, expect, it } from 'vitest';
import type { WebhookDeliveryView } from '~/features/webhooks/webhook-types';
import {
  answerExcerpt,
  canDismiss,
  deliveryState,
  formatDuration,
  parseWebhooksParams,
  shouldAutoRefresh,
  validateEndpointInput,
  webhooksHref,
} from '~/features/webhooks/webhooks-params';

/** The Webhooks page's pure helpers (docs/admin.md, Webhooks). */
const delivery = (overrides: Partial<WebhookDeliveryView>): WebhookDeliveryView => ({
  id: 1,
  endpointId: 1,
  messageId: 'msg_test_1',
  eventType: 'webhook.test',
  leadKind: null,
  leadId: null,
  status: 'pending',
  attempts: 0,
  nextAttemptAt: null,
  createdAt: '2026-11-26T09:00:00.000Z',
  deliveredAt: null,
  lastAttempt: null,
  dismissedAt: null,
  ...overrides,
});

describe('the Webhooks page URL', () => {
  it('reads the endpoint and page, and writes them back', () => {
    const params = parseWebhooksParams(new URLSearchParams('endpoint=7&page=3'));
    expect(params).toEqual({ endpoint: 7, page: 3 });
    expect(webhooksHref(params)).toBe('/admin/webhooks?endpoint=7&page=3');
    expect(webhooksHref({ endpoint: 7, page: 1 })).toBe('/admin/webhooks?endpoint=7');
  });

  it('falls back on hand-edited nonsense: no log, page 1', () => {
    for (const query of ['endpoint=abc', 'endpoint=0', 'endpoint=-2', 'endpoint=1.5', 'endpoint=', 'endpoint=99999999999999999999']) {
      expect(parseWebhooksParams(new URLSearchParams(query)).endpoint, query).toBeNull();
    }
    expect(parseWebhooksParams(new URLSearchParams('endpoint=2&page=0')).page).toBe(1);
    expect(parseWebhooksParams(new URLSearchParams('endpoint=2&page=x')).page).toBe(1);
    // A page without an endpoint means nothing: the link drops it.
    expect(webhooksHref({ endpoint: null, page: 4 })).toBe('/admin/webhooks');
  });
});

describe('a delivery in the log', () => {
  it('is retrying once a pending delivery has failed an attempt', () => {
    expect(deliveryState(delivery({ status: 'pending', attempts: 0 }))).toBe('pending');
    expect(deliveryState(delivery({ status: 'pending', attempts: 2 }))).toBe('retrying');
    expect(deliveryState(delivery({ status: 'sending', attempts: 1 }))).toBe('sending');
    expect(deliveryState(delivery({ status: 'delivered', attempts: 3 }))).toBe('delivered');
    expect(deliveryState(delivery({ status: 'failed', attempts: 10 }))).toBe('failed');
  });

  it('offers Dismiss only for a failing one nobody dismissed', () => {
    expect(canDismiss(delivery({ status: 'failed', attempts: 10 }))).toBe(true);
    expect(canDismiss(delivery({ status: 'pending', attempts: 1 }))).toBe(true);
    expect(canDismiss(delivery({ status: 'pending', attempts: 0 }))).toBe(false);
    expect(canDismiss(delivery({ status: 'delivered', attempts: 1 }))).toBe(false);
    expect(canDismiss(delivery({ status: 'failed', attempts: 10, dismissedAt: '2026-11-26T10:00:00.000Z' }))).toBe(false);
  });

  it('formats the duration and folds the answer into one short line', () => {
    expect(formatDuration(42.4)).toBe('42 ms');
    expect(formatDuration(2450)).toBe('2.5 s');
    expect(formatDuration(null)).toBe('');
    expect(formatDuration(-1)).toBe('');
    expect(answerExcerpt('{"ok":\n  true}')).toBe('{"ok": true}');
    expect(answerExcerpt(null)).toBe('');
    const long = answerExcerpt('x'.repeat(500), 80);
    expect(long).toHaveLength(80);
    expect(long.endsWith('…')).toBe(true);
  });

  it('keeps the log refreshing only while a delivery is about to go out', () => {
    const now = Date.parse('2026-11-26T09:00:00.000Z');
    expect(shouldAutoRefresh([delivery({ status: 'pending', nextAttemptAt: '2026-11-26T09:00:05.000Z' })], now)).toBe(true);
    expect(shouldAutoRefresh([delivery({ status: 'sending' })], now)).toBe(true);
    // The next retry in 5 minutes: no point asking the server every 2 seconds.
    expect(shouldAutoRefresh([delivery({ status: 'pending', attempts: 2, nextAttemptAt: '2026-11-26T09:05:00.000Z' })], now)).toBe(false);
    expect(shouldAutoRefresh([delivery({ status: 'delivered' }), delivery({ status: 'failed' })], now)).toBe(false);
    expect(shouldAutoRefresh([], now)).toBe(false);
  });
});

describe('the endpoint form’s checks', () => {
  it('wants an http(s) URL and at least one known event', () => {
    expect(validateEndpointInput({ url: 'https://crm.example.com/hook', events: ['lead.status_changed'] })).toEqual({});
    expect(validateEndpointInput({ url: '', events: ['lead.status_changed'] }).url).toBe('Enter the endpoint’s URL.');
    expect(validateEndpointInput({ url: 'ftp://example.com/x', events: ['lead.status_changed'] }).url).toMatch(/https:\/\//);
    expect(validateEndpointInput({ url: 'not a url', events: ['lead.status_changed'] }).url).toMatch(/https:\/\//);
    expect(validateEndpointInput({ url: 'https://example.com', events: [] }).events).toBe('Choose at least one event.');
    // webhook.test is not something to subscribe to.
    expect(validateEndpointInput({ url: 'https://example.com', events: ['webhook.test'] }).events).toBe('Choose at least one event.');
  });
});
