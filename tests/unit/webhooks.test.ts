import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { webhookEndpointSchema } from '../../domain/webhooks-schema.ts';
import { WEBHOOK_PRIVATE_ADDRESS } from '../../domain/webhooks.ts';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS, nextRetryDelay, parseRetryAfter } from '../../server/services/webhooks/schedule.ts';
import { newSecret, secretHint, sign, signedHeaders } from '../../server/services/webhooks/signature.ts';
import { webhookUrlProblem } from '../../server/services/webhooks/url-check.ts';

const S = 1000;
const M = 60 * S;
const H = 60 * M;

describe('the retry schedule', () => {
  it('is the Standard Webhooks schedule after each failure, then gives up', () => {
    expect(RETRY_DELAYS_MS).toEqual([0, 5 * S, 5 * M, 30 * M, 2 * H, 5 * H, 10 * H, 14 * H, 20 * H, 24 * H]);
    // random 0.5 is the middle of the jitter: exactly the schedule.
    expect(Array.from({ length: 10 }, (_, index) => nextRetryDelay(index + 1, 0.5))).toEqual(RETRY_DELAYS_MS);
    expect(MAX_ATTEMPTS).toBe(11);
    expect(nextRetryDelay(11, 0.5)).toBeNull();
    expect(nextRetryDelay(0, 0.5)).toBeNull();
  });

  it('jitters each wait by at most ten per cent either way', () => {
    expect(nextRetryDelay(3, 0)).toBe(4.5 * M);
    expect(nextRetryDelay(3, 0.999_999)).toBeCloseTo(5.5 * M, -1);
    expect(nextRetryDelay(10, 0)).toBe(0.9 * 24 * H);
    expect(nextRetryDelay(1, 0.9)).toBe(0);
    const waits = Array.from({ length: 200 }, () => nextRetryDelay(2) ?? -1);
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(4.5 * S);
    expect(Math.max(...waits)).toBeLessThanOrEqual(5.5 * S);
    expect(new Set(waits).size).toBeGreaterThan(1);
  });

  it('honours Retry-After when it asks for longer than the schedule, up to a day', () => {
    expect(nextRetryDelay(2, 0.5, 60 * S)).toBe(60 * S);
    expect(nextRetryDelay(3, 0.5, 60 * S)).toBe(5 * M);
    expect(nextRetryDelay(2, 0.5, 30 * 24 * H)).toBe(24 * H);
    // Retry-After never revives a delivery that has had its last attempt.
    expect(nextRetryDelay(11, 0.5, 60 * S)).toBeNull();
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-26T09:30:00Z');
    expect(parseRetryAfter('120', now)).toBe(120 * S);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Thu, 26 Nov 2026 09:35:00 GMT', now)).toBe(5 * M);
    expect(parseRetryAfter('Thu, 26 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(undefined, now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter('-5', now)).toBeNull();
    expect(parseRetryAfter('1.5', now)).toBeNull();
  });
});

describe('signatures, checked by the Standard Webhooks reference library', () => {
  const body = JSON.stringify({ type: 'lead.contact_message.created', data: { id: 42, note: 'Ünïcode ✓' } });
  const now = Math.floor(Date.now() / 1000);

  it('makes whsec_ secrets of 24 random bytes, shown as a hint', () => {
    const secret = newSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(24);
    expect(newSecret()).not.toBe(secret);
    expect(secretHint(secret)).toBe(`whsec_…${secret.slice(-4)}`);
  });

  it('signs so the library verifies, and refuses a changed body, id or another secret', () => {
    const secret = newSecret();
    const headers = signedHeaders([secret], 'msg_contact_42', now, body);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(body.replace('42', '43'), headers)).toThrow();
    expect(() => new Webhook(secret).verify(body, { ...headers, 'webhook-id': 'msg_contact_43' })).toThrow();
    expect(() => new Webhook(newSecret()).verify(body, headers)).toThrow();
    // The library's own signer writes the same signature.
    expect(new Webhook(secret).sign('msg_contact_42', new Date(now * 1000), body)).toBe(sign(secret, 'msg_contact_42', now, body));
  });

  it('carries both signatures during a rotation, each verifying with its own secret', () => {
    const [newer, older] = [newSecret(), newSecret()];
    const headers = signedHeaders([newer, older], 'msg_status_1', now, body);
    expect(String(headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(new Webhook(newer).verify(body, headers)).toBeTruthy();
    expect(new Webhook(older).verify(body, headers)).toBeTruthy();
    expect(() => new Webhook(newSecret()).verify(body, headers)).toThrow();
  });
});

describe('webhook URLs', () => {
  it('refuses inside addresses in any spelling unless allowed', () => {
    for (const url of ['http://127.0.0.1:9000/hook', 'http://10.0.0.1/hook', 'https://192.168.1.1/hook', 'http://127.1/', 'http://0x7f.0.0.1/', 'http://[::1]/', 'http://169.254.169.254/latest', 'http://localhost:3000/', 'http://[::ffff:10.0.0.1]/']) {
      expect(webhookUrlProblem(url, []), url).toBe(WEBHOOK_PRIVATE_ADDRESS);
    }
    expect(webhookUrlProblem('http://127.0.0.1:9000/hook', ['127.0.0.1:9000'])).toBeNull();
    // The port is part of the permission.
    expect(webhookUrlProblem('http://127.0.0.1:9001/hook', ['127.0.0.1:9000'])).toBe(WEBHOOK_PRIVATE_ADDRESS);
    expect(webhookUrlProblem('https://hooks.example.com/vpv', [])).toBeNull();
    expect(webhookUrlProblem('https://8.8.8.8/vpv', [])).toBeNull();
    expect(webhookUrlProblem('https://user:pw@hooks.example.com/', [])).toMatch(/user name or password/);
    expect(webhookUrlProblem('ftp://hooks.example.com/', [])).toMatch(/https:\/\//);
  });

  it('the endpoint schema wants an http(s) URL and known events, at least one', () => {
    const ok = webhookEndpointSchema.safeParse({ url: ' https://hooks.example.com/x ', events: ['lead.status_changed', 'lead.contact_message.created'] });
    expect(ok.success && ok.data).toEqual({
      url: 'https://hooks.example.com/x',
      description: '',
      events: ['lead.contact_message.created', 'lead.status_changed'],
      enabled: true,
    });
    const bad = webhookEndpointSchema.safeParse({ url: 'javascript:alert(1)', events: ['lead.deleted'], enabled: 'yes' });
    expect(bad.success).toBe(false);
    const paths = (bad.error?.issues ?? []).map((issue) => issue.path[0]);
    expect(paths).toEqual(expect.arrayContaining(['url', 'events', 'enabled']));
    expect(webhookEndpointSchema.safeParse({ url: 'https://a.example', events: [] }).error?.issues[0]?.message).toBe('Choose at least one event.');
    expect(webhookEndpointSchema.safeParse({ url: 'https://a.example', events: ['webhook.test'] }).success).toBe(false);
  });
});
