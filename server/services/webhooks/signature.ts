import crypto from 'node:crypto';

/**
 * Standard Webhooks signatures (docs/leads.md#webhooks): `v1,` and the base64 HMAC-SHA256 of
 * `<webhook-id>.<webhook-timestamp>.<body>`, keyed with the bytes of the secret after `whsec_`.
 */

const PREFIX = 'whsec_';

/** A new endpoint secret: `whsec_` and 24 random bytes in base64. */
export function newSecret(): string {
  return `${PREFIX}${crypto.randomBytes(24).toString('base64')}`;
}

/** What the admin list shows of a secret: `whsec_…` and its last four characters. */
export function secretHint(secret: string): string {
  return `${PREFIX}…${secret.slice(-4)}`;
}

export function sign(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
  const mac = crypto.createHmac('sha256', key).update(`${messageId}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The three headers of one attempt; several secrets (a rotation's overlap) give space-separated signatures. */
export function signedHeaders(secrets: readonly string[], messageId: string, timestampSeconds: number, body: string): Record<string, string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets.map((secret) => sign(secret, messageId, timestampSeconds, body)).join(' '),
  };
}
