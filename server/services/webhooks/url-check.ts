import net from 'node:net';
import { WEBHOOK_PRIVATE_ADDRESS } from '@domain/webhooks.ts';
import { isAllowed, isPublicAddress } from '../url-import/fetch-policy.ts';

/**
 * Whether an endpoint URL may be saved (docs/leads.md#webhooks): http or https, no user name
 * or password, and not a literal inside address (any spelling: the URL parser writes `127.1`
 * or `0x7f.0.0.1` as the address they mean) nor `localhost`, unless WEBHOOK_ALLOW_HOSTS lists
 * its `host:port`. A name that resolves inside is refused at each connection (sender.ts).
 * Returns the refusal's message, or null when the URL is fine.
 */
export function webhookUrlProblem(text: string, allowHosts: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'Enter a full address starting with https:// or http://.';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'Enter a full address starting with https:// or http://.';
  if (url.username || url.password) return 'The URL must not contain a user name or password.';
  if (!url.hostname) return 'The URL has no host name.';
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  if (isAllowed(allowHosts, url.hostname, port)) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) !== 0 ? !isPublicAddress(host) : host === 'localhost' || host.endsWith('.localhost')) return WEBHOOK_PRIVATE_ADDRESS;
  return null;
}
