import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import ipaddr from 'ipaddr.js';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

/**
 * What the server may fetch when an admin imports a document from a link, and the fetch
 * itself (docs/decisions/019-url-import-ssrf-policy.md). The rules, in the order they apply:
 *
 * 1. The link: http: or https: only, no user name or password, at most 2048 characters; a
 *    literal IP in any spelling (`127.1`, `0x7f.0.0.1`, `2130706433`, `[::ffff:127.0.0.1]`:
 *    the WHATWG URL parser writes them all as the address they mean) must be a public unicast
 *    address, unless its `host:port` is on URL_IMPORT_ALLOW_HOSTS.
 * 2. Every connection (the first and each redirect's): request-filtering-agent checks the
 *    address the name resolved to, at connect time, so DNS rebinding and a redirect to an
 *    inside address fail too. It refuses every range ipaddr.js does not call `unicast`:
 *    loopback, private, link-local (cloud metadata), CGNAT, multicast, broadcast, reserved,
 *    unspecified, unique-local and every IPv6 form that embeds an IPv4 address (mapped,
 *    NAT64, 6to4, Teredo). A connection to a `host:port` on the allow list skips that check.
 * 3. Redirects: at most 3, each link checked again by 1 and 2; https never goes back to http.
 */

export const MAX_REDIRECTS = 3;
const MAX_URL_LENGTH = 2048;

/** A refusal whose message a person can read: a 400 over HTTP, an error message over the socket. */
export class ImportRefusal extends Error {
  override name = 'ImportRefusal';
}

export interface FetchPolicy {
  /** `host:port` pairs (the URL parser's host) that may be fetched even on an inside address. */
  readonly allowHosts: readonly string[];
  readonly connectTimeoutMs: number;
  readonly idleTimeoutMs: number;
}

export const INSIDE_ADDRESS = 'The link points to a private, local or reserved network address. Only public web addresses can be imported.';

/** The link, parsed and checked (rule 1), or an ImportRefusal saying why not. */
export function checkImportUrl(text: string, policy: Pick<FetchPolicy, 'allowHosts'>): URL {
  if (text.length > MAX_URL_LENGTH) throw new ImportRefusal(`The link is too long (at most ${MAX_URL_LENGTH} characters).`);
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new ImportRefusal('This is not a valid link. Paste a full address starting with https:// or http://.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ImportRefusal(`Only http:// and https:// links can be imported, not ${url.protocol}//.`);
  }
  if (url.username || url.password) {
    throw new ImportRefusal('Links with a user name or password in them cannot be imported. Use a public link to the file.');
  }
  if (!url.hostname) throw new ImportRefusal('The link has no host name.');
  const address = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(address) !== 0 && !isAllowed(policy.allowHosts, url.hostname, portOf(url)) && !isPublicAddress(address)) {
    throw new ImportRefusal(INSIDE_ADDRESS);
  }
  return url;
}

/** A public unicast address (ipaddr.js's `unicast` range); anything unparsable is not. */
export function isPublicAddress(address: string): boolean {
  try {
    return ipaddr.parse(address).range() === 'unicast';
  } catch {
    return false;
  }
}

function portOf(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}

/** `host` as the URL parser writes it (IPv6 in brackets) or as http.request passes it to the agent (without). */
export function isAllowed(allowHosts: readonly string[], host: string, port: number | string): boolean {
  if (allowHosts.length === 0) return false;
  const bracketed = net.isIPv6(host) ? `[${host}]` : host.toLowerCase();
  return allowHosts.includes(`${bracketed}:${Number(port)}`);
}

/**
 * request-filtering-agent's agent, with the allow list: a connection to a listed host:port
 * is made as the plain agent makes it (`plain`; no address check: the deployment vouched for
 * that host); every other one goes through the library's check.
 */
export function guarded<T extends RequestFilteringHttpAgent | RequestFilteringHttpsAgent>(agent: T, plain: http.Agent, allowHosts: readonly string[]): T {
  const filtered = agent.createConnection.bind(agent);
  agent.createConnection = (options, callback) =>
    isAllowed(allowHosts, options.host ?? '', options.port) ? (plain.createConnection.call(agent, options, callback) as Duplex) : filtered(options, callback);
  return agent;
}

export interface RemoteFile {
  /** The final response (2xx), its body not yet read. */
  response: IncomingMessage;
  /** The link it came from after redirects. */
  url: URL;
  /** A file name for the admin list: Content-Disposition's, else the link's last path segment. */
  name: string;
  /** Content-Type as the other site declared it (never trusted: the bytes decide). */
  type: string;
  /** Content-Length as declared, or null (never trusted: the limit is counted while reading). */
  size: number | null;
  /** Stops reading and closes the connection. */
  abort(): void;
}

/**
 * Fetches remote files under the policy. One per process: its agents open a fresh, checked
 * connection per request (no keep-alive, so no connection outlives the check that allowed it).
 */
export class RemoteFetcher {
  private readonly httpAgent: RequestFilteringHttpAgent;
  private readonly httpsAgent: RequestFilteringHttpsAgent;

  constructor(readonly policy: FetchPolicy) {
    this.httpAgent = guarded(new RequestFilteringHttpAgent({ keepAlive: false }), http.Agent.prototype, policy.allowHosts);
    this.httpsAgent = guarded(new RequestFilteringHttpsAgent({ keepAlive: false }), https.Agent.prototype, policy.allowHosts);
  }

  check(text: string): URL {
    return checkImportUrl(text, this.policy);
  }

  /**
   * GETs the link, following at most 3 redirects (each checked again); resolves once a 2xx
   * answer's headers arrived. Every failure is an ImportRefusal with a readable message.
   * While the body is read, a silence longer than the idle timeout destroys it with one.
   */
  async open(text: string, signal?: AbortSignal): Promise<RemoteFile> {
    let url = this.check(text);
    for (let redirects = 0; ; redirects++) {
      const response = await this.request(url, signal);
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location !== undefined) {
        response.destroy();
        if (redirects >= MAX_REDIRECTS) throw new ImportRefusal(`The link redirects more than ${MAX_REDIRECTS} times.`);
        let next: URL;
        try {
          next = new URL(response.headers.location, url);
        } catch {
          throw new ImportRefusal('The link redirects to an address that is not valid.');
        }
        if (url.protocol === 'https:' && next.protocol === 'http:') {
          throw new ImportRefusal('The link redirects from https:// to an unencrypted http:// address.');
        }
        url = this.check(next.toString());
        continue;
      }
      if (status < 200 || status >= 300) {
        response.destroy();
        throw new ImportRefusal(`The other site answered ${status}${response.statusMessage ? ` ${response.statusMessage}` : ''} instead of the file.`);
      }
      this.watchIdle(response);
      const declared = response.headers['content-length'];
      const size = declared !== undefined && /^\d{1,16}$/.test(declared) ? Number(declared) : null;
      return {
        response,
        url,
        name: fileNameOf(response, url),
        type: (response.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '',
        size,
        abort: () => response.destroy(),
      };
    }
  }

  /** One request; resolves with the response's headers or rejects with an ImportRefusal. */
  private request(url: URL, signal?: AbortSignal): Promise<IncomingMessage> {
    const { connectTimeoutMs } = this.policy;
    return new Promise((resolve, reject) => {
      const client = url.protocol === 'https:' ? https : http;
      const request = client.request(url, {
        method: 'GET',
        agent: url.protocol === 'https:' ? this.httpsAgent : this.httpAgent,
        headers: { 'user-agent': 'vpv-energy-document-import/1', accept: '*/*', 'accept-encoding': 'identity' },
        signal,
        // A response of headers alone larger than this is not a file server.
        maxHeaderSize: 32 * 1024,
      });
      const timer = setTimeout(() => {
        request.destroy(new ImportRefusal(`The other site did not answer within ${seconds(connectTimeoutMs)}.`));
      }, connectTimeoutMs);
      request.on('response', (response) => {
        clearTimeout(timer);
        resolve(response);
      });
      request.on('error', (error) => {
        clearTimeout(timer);
        reject(refusalFor(error, url));
      });
      request.end();
    });
  }

  /** The body's idle timeout: a response that goes quiet is destroyed with a refusal. `pause` lifts it. */
  private watchIdle(response: IncomingMessage): void {
    const { idleTimeoutMs } = this.policy;
    response.setTimeout(idleTimeoutMs, () => {
      response.destroy(new ImportRefusal(`The other site stopped sending the file for ${seconds(idleTimeoutMs)}.`));
    });
  }
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} seconds` : `${(ms / 1000).toFixed(1)} seconds`;
}

/** A network failure as a sentence; the library's refusal of an inside address among them. */
export function refusalFor(error: unknown, url: URL): ImportRefusal {
  if (error instanceof ImportRefusal) return error;
  const { message = '', code = '' } = (error ?? {}) as { message?: string; code?: string };
  if (/is not allowed\. Because/.test(message) || /^DNS lookup .* is not allowed/.test(message)) return new ImportRefusal(INSIDE_ADDRESS);
  if (code === 'ABORT_ERR' || (error as Error | undefined)?.name === 'AbortError') return new ImportRefusal('The import was cancelled.');
  const host = url.host;
  switch (code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new ImportRefusal(`The site ${host} could not be found.`);
    case 'ECONNREFUSED':
      return new ImportRefusal(`The site ${host} refused the connection.`);
    case 'ECONNRESET':
    case 'EPIPE':
      return new ImportRefusal(`The connection to ${host} was closed before the file arrived.`);
    case 'ETIMEDOUT':
    case 'ENETUNREACH':
    case 'EHOSTUNREACH':
      return new ImportRefusal(`The site ${host} could not be reached.`);
    case 'HPE_HEADER_OVERFLOW':
    case 'HPE_INVALID_CONSTANT':
    case 'HPE_INVALID_CONTENT_LENGTH':
    case 'HPE_UNEXPECTED_CONTENT_LENGTH':
      return new ImportRefusal(`The site ${host} sent an answer that is not valid HTTP.`);
  }
  if (code.startsWith('ERR_TLS') || code.startsWith('CERT_') || code.includes('SELF_SIGNED') || code.startsWith('UNABLE_TO')) {
    return new ImportRefusal(`A secure connection to ${host} could not be made (${code}).`);
  }
  if (code.startsWith('HPE_')) return new ImportRefusal(`The site ${host} sent an answer that is not valid HTTP.`);
  return new ImportRefusal(`The file could not be fetched from ${host}.`);
}

/** Content-Disposition's filename (filename* first), else the last path segment, else "download". */
function fileNameOf(response: IncomingMessage, url: URL): string {
  const disposition = response.headers['content-disposition'] ?? '';
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition)?.[1];
  const plain = /filename\s*=\s*"([^"]*)"/.exec(disposition)?.[1] ?? /filename\s*=\s*([^;\s]+)/.exec(disposition)?.[1];
  const segment = url.pathname.split('/').filter(Boolean).pop();
  for (const candidate of [extended, plain, segment]) {
    if (!candidate) continue;
    let name = candidate;
    try {
      name = decodeURIComponent(candidate);
    } catch {
      // Kept as sent.
    }
    // eslint-disable-next-line no-control-regex -- control characters are what must go
    name = name.replace(/[\u0000-\u001f\u007f/\\]/g, '').trim().slice(0, 255);
    if (name) return name;
  }
  return 'download';
}
