import net from 'node:net';
import { WEBHOOK_PRIVATE_ADDRESS } from '@domain/webhooks.ts';
import ipaddr from 'ipaddr.js';
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
  if (net.isIP(host) !== 0 ? !isPublicWebhookAddress(host) : host === 'localhost' || host.endsWith('.localhost')) return WEBHOOK_PRIVATE_ADDRESS;
  return null;
}

/**
 * A literal address a webhook may go to: a public unicast address as the connection check
 * has it (isPublicAddress: ipaddr.js's `unicast` range). That already refuses the IPv6 forms
 * that carry an IPv4 address, whatever that address: IPv4-mapped `::ffff:a.b.c.d`, the
 * translated `::ffff:0:a.b.c.d`, NAT64 `64:ff9b::/96` and `64:ff9b:1::/48`, 6to4 `2002::/16`
 * and Teredo `2001::/32`. What ipaddr.js calls unicast but carries one too is refused here:
 * the IPv4-compatible `::a.b.c.d` (all of `::/96`, deprecated since 2006; the URL parser
 * writes `[::127.0.0.1]` as `[::7f00:1]`) and an ISATAP interface identifier
 * (`…:0:5efe:a.b.c.d`, `…:200:5efe:a.b.c.d`) around an IPv4 address that is not public.
 */
export function isPublicWebhookAddress(address: string): boolean {
  if (!isPublicAddress(address)) return false;
  if (!net.isIPv6(address)) return true;
  const words = ipaddr.IPv6.parse(address).parts;
  if (words.slice(0, 6).every((word) => word === 0)) return false;
  const isatap = (words[4] === 0 || words[4] === 0x200) && words[5] === 0x5efe;
  if (isatap) {
    const [, , , , , , high = 0, low = 0] = words;
    return isPublicAddress(`${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`);
  }
  return true;
}
