import fs from 'node:fs';
import path from 'node:path';
import type { Parameters } from 'fast-check';
import type { Dialect } from '../../server/db/connection.ts';
import { type FuzzRequest, type FuzzResponse, responseHeader, responseText, sendRaw, wireBytes } from './fuzz-http.ts';
import { type TestServer, startTestServer } from './server.ts';

/**
 * The server under fuzz and the rules every answer must keep: a status below 500, no stack
 * trace in the body, an answer within FUZZ_TIMEOUT_MS, and the process still alive (the
 * server runs in this process, so an unhandled 'error' event surfaces here as an uncaught
 * exception, which we record and blame on the case that caused it).
 */

export const fuzzAdmin = { username: 'fuzz-admin', password: 'fuzzing is not guessing' };
/** METRICS_TOKEN of the fuzzed server, so GET /metrics is there to attack (fuzz-targets.ts). */
export const FUZZ_METRICS_TOKEN = 'fuzz-metrics-token-0123456789abcdef';

/** Cases per property; `npm run fuzz` raises it. */
export const FUZZ_RUNS = positiveInt(process.env.FUZZ_RUNS, 25);
/** The base seed: each property adds its index, so every run of the suite sees the same cases. */
export const FUZZ_SEED = integer(process.env.FUZZ_SEED, 20_251_011);
/** Record failures and go on (listing every kind) instead of stopping at the first. */
export const FUZZ_KEEP_GOING = process.env.FUZZ_KEEP_GOING === '1';
/** Print what status codes each target's cases got: shows whether they reach past validation. */
export const FUZZ_STATS = process.env.FUZZ_STATS === '1';
/** "Slower than a few seconds" is a failure. */
export const FUZZ_TIMEOUT_MS = positiveInt(process.env.FUZZ_TIMEOUT_MS, 5_000);

export type Role = 'visitor' | 'admin' | 'forged';
/** The Origin a write carries: ours, none, another site, the opaque 'null', or nonsense. */
export type OriginChoice = 'same' | 'none' | 'foreign' | 'null' | 'garbage' | 'cross-site-fetch';

/** A request as generated: who sends it and from where are filled in at send time. */
export interface CaseRequest extends FuzzRequest {
  as: Role;
  origin: OriginChoice;
}

export class FuzzSession {
  private crashes: unknown[] = [];
  private failures: FuzzFailure[] = [];
  private lastRequest: FuzzRequest | null = null;
  private dumps = 0;
  /** Answers per case label and method: with FUZZ_STATS=1, printed per target to show what the cases reached. */
  private statuses = new Map<string, Map<string, number>>();
  private readonly onCrash = (error: unknown) => {
    this.crashes.push(error);
  };

  private constructor(
    readonly server: TestServer,
    readonly origin: URL,
    readonly adminCookie: string,
  ) {
    process.on('uncaughtException', this.onCrash);
    process.on('unhandledRejection', this.onCrash);
  }

  /**
   * A server on a fresh database with an admin logged in once (the cookie is reused: each
   * login costs a full scrypt). Lead rate limits are off so 429s do not hide later checks.
   */
  static async start(dialect: Dialect): Promise<FuzzSession> {
    const server = await startTestServer(dialect, {
      ADMIN_USERNAME: fuzzAdmin.username,
      ADMIN_PASSWORD: fuzzAdmin.password,
      LEADS_RATE_LIMIT: '0',
      // Small, so oversized uploads are cheap to generate; the limit logic is the same.
      UPLOAD_MAX_BYTES: String(256 * 1024),
      METRICS_TOKEN: FUZZ_METRICS_TOKEN,
      ...(process.env.FUZZ_LOG_LEVEL ? { LOG_LEVEL: process.env.FUZZ_LOG_LEVEL } : {}),
    });
    try {
      const response = await fetch(`${server.url}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify(fuzzAdmin),
        signal: AbortSignal.timeout(FUZZ_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`admin login failed: ${response.status} ${await response.text()}`);
      const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      return new FuzzSession(server, new URL(server.url), cookie);
    } catch (error) {
      await server.close();
      throw error;
    }
  }

  async close(): Promise<void> {
    process.off('uncaughtException', this.onCrash);
    process.off('unhandledRejection', this.onCrash);
    await this.server.close();
  }

  /** Adds the Cookie and Origin the case asked for, sends it, and checks the answer. */
  async send(request: CaseRequest): Promise<FuzzResponse> {
    const headers: Array<[string, string]> = [...this.identity(request.as), ...this.originHeaders(request.origin), ...request.headers];
    const sent = { ...request, headers };
    this.lastRequest = sent;
    const key = `${request.label ?? '?'} ${request.method}`;
    const statuses = this.statuses.get(key) ?? new Map<string, number>();
    this.statuses.set(key, statuses);
    const response = await sendRaw(this.origin, sent, FUZZ_TIMEOUT_MS);
    const status = response.status === null ? `closed${response.error ? ` (${response.error})` : ''}` : String(response.status);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    this.check(sent, response);
    return response;
  }

  /** The server still answers its liveness and readiness probes, and nothing crashed meanwhile. */
  async checkAlive(): Promise<void> {
    const probes = [];
    for (const path of ['/healthz', '/readyz']) {
      probes.push({ path, response: await sendRaw(this.origin, { method: 'GET', target: path, headers: [] }, FUZZ_TIMEOUT_MS) });
    }
    const after = this.lastRequest ? describeRequest(this.lastRequest) : 'the start';
    // A crash surfaces a moment after the request that caused it: the probes gave it that moment.
    this.throwIfCrashed(this.lastRequest, after);
    for (const { path, response } of probes) {
      if (response.status !== 200) {
        const answer = response.timedOut ? `nothing within ${FUZZ_TIMEOUT_MS} ms` : String(response.status);
        throw new FuzzFailure(`probe ${path} ${answer}`, `GET ${path} answered ${answer} after ${after}`);
      }
    }
  }

  /** Files under DATA_DIR that an upload left half-written (disk storage writes `<key>.<uuid>.part`, then renames). */
  partialFiles(): string[] {
    const dataDir = this.server.database.dataDir;
    return fs
      .readdirSync(dataDir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.part'))
      .map((file) => path.join(dataDir, file));
  }

  /** True while the fuzz admin's cookie still opens a session (nothing logged it out by accident). */
  async adminStillLoggedIn(): Promise<boolean> {
    const response = await fetch(`${this.server.url}/api/admin/check`, {
      headers: { cookie: this.adminCookie },
      signal: AbortSignal.timeout(FUZZ_TIMEOUT_MS),
    });
    return ((await response.json()) as { isAuthenticated: boolean }).isAuthenticated;
  }

  private identity(role: Role): Array<[string, string]> {
    if (role === 'admin') return [['Cookie', this.adminCookie]];
    // Well-formed but unknown: the server must look it up and refuse it.
    if (role === 'forged') return [['Cookie', 'vpv_admin=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA']];
    return [];
  }

  private originHeaders(choice: OriginChoice): Array<[string, string]> {
    switch (choice) {
      case 'same':
        return [['Origin', this.origin.origin]];
      case 'foreign':
        return [['Origin', 'https://evil.example']];
      case 'null':
        return [['Origin', 'null']];
      case 'garbage':
        return [['Origin', `http://${this.origin.host}.evil.example:not-a-port`]];
      case 'cross-site-fetch':
        return [['Sec-Fetch-Site', 'cross-site']];
      default:
        return [];
    }
  }

  private check(request: FuzzRequest, response: FuzzResponse): void {
    const what = describeRequest(request);
    this.throwIfCrashed(request, what);
    const fail = (kind: string, message: string) => {
      throw new FuzzFailure(`${kind} ${request.label ?? ''} ${request.method}`, message + this.dump(request));
    };
    if (response.timedOut) fail('timeout', `no answer within ${FUZZ_TIMEOUT_MS} ms to ${what}`);
    if (response.status !== null && response.status >= 500 && !deliberate5xx(request, response.status)) {
      fail(String(response.status), `${response.status} for ${what}\n  answer: ${excerpt(responseText(response))}`);
    }
    if (response.status === null && (request.ending ?? 'complete') === 'complete' && response.error === null) {
      fail('no answer', `the server closed the connection without answering ${what}`);
    }
    if (!responseHeader(response, 'content-encoding')) {
      const text = responseText(response);
      if (STACK_TRACE.test(text)) fail('stack trace', `a stack trace in the answer (${response.status}) to ${what}\n  ${excerpt(text)}`);
    }
  }

  private throwIfCrashed(request: FuzzRequest | null, what: string): void {
    if (this.crashes.length === 0) return;
    const [first] = this.crashes;
    this.crashes = [];
    const message = first instanceof Error ? (first.stack ?? first.message) : String(first);
    const headline = message.split('\n')[0] ?? '';
    throw new FuzzFailure(
      `crash (${headline}) ${request?.label ?? ''} ${request?.method ?? ''}`,
      `the server process would have died (uncaught: ${message.split('\n').slice(0, 4).join(' | ')}) after ${what}${request ? this.dump(request) : ''}`,
    );
  }

  /** With FUZZ_DUMP_DIR: writes the failing request's exact bytes there (replay: `nc host port < file`). */
  private dump(request: FuzzRequest): string {
    const dir = process.env.FUZZ_DUMP_DIR;
    if (!dir) return '';
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${(request.label ?? 'case').replace(/[^a-z0-9]+/gi, '-')}-${Date.now()}-${++this.dumps}.http`);
    fs.writeFileSync(file, wireBytes(this.origin, request));
    return `\n  request bytes: ${file}`;
  }

  /**
   * Runs one case. Normally a failure ends the property (and fast-check shrinks it); with
   * FUZZ_KEEP_GOING=1 it is recorded and the run goes on, so one run lists every kind of
   * failure instead of the first.
   */
  async runCase(run: () => Promise<void>): Promise<void> {
    try {
      await run();
    } catch (error) {
      if (!(error instanceof FuzzFailure) || !FUZZ_KEEP_GOING) throw error;
      this.failures.push(error);
    }
  }

  /** The answers since the last call, as one line per case label and method (for FUZZ_STATS=1). */
  takeStatistics(): string {
    const lines = [...this.statuses].map(([key, statuses]) => `  ${key}: ${[...statuses].sort().map(([status, count]) => `${status}×${count}`).join(' ')}`);
    this.statuses = new Map();
    return lines.join('\n');
  }

  /** With FUZZ_KEEP_GOING: throws one error listing the failures recorded since the last call, grouped by kind. */
  throwRecordedFailures(): void {
    const failures = this.failures;
    this.failures = [];
    if (failures.length === 0) return;
    const groups = new Map<string, FuzzFailure[]>();
    for (const failure of failures) groups.set(failure.signature, [...(groups.get(failure.signature) ?? []), failure]);
    const lines = [...groups].map(([signature, group]) => `- ${signature.trim()} ×${group.length}, e.g.\n    ${group.slice(0, 2).map((failure) => failure.message.replaceAll('\n', '\n    ')).join('\n    ')}`);
    throw new Error(`${failures.length} failing cases of ${groups.size} kinds:\n${lines.join('\n')}`);
  }
}

/**
 * The one 5xx an endpoint gives on purpose: GET /api/uploads/s3/sts is 501 to an admin, since
 * the site never hands out temporary credentials (docs/decisions/017-no-temporary-credentials.md).
 */
function deliberate5xx(request: FuzzRequest, status: number): boolean {
  return status === 501 && /^\/api\/uploads\/s3\/sts(\?|$)/.test(request.target);
}

/** One broken rule: `signature` groups failures of the same kind (status or crash, case label, method). */
export class FuzzFailure extends Error {
  constructor(
    readonly signature: string,
    message: string,
  ) {
    super(message);
    this.name = 'FuzzFailure';
  }
}

/** A V8 stack frame: "    at fn (file.js:12:34)". */
const STACK_TRACE = /\n\s+at [^\n]+[(/\\][^\n]+:\d+:\d+\)?/;

/** The request in a line or three: enough to reproduce it by hand. */
export function describeRequest(request: FuzzRequest): string {
  const headers = request.headers.map(([name, value]) => `${name}: ${excerpt(value, 80)}`).join(' | ');
  const body = request.body ? ` body(${request.body.length} B, ${request.framing ?? 'content-length'}, ${request.ending ?? 'complete'}${request.cutAt !== undefined && request.ending !== 'complete' ? ` at ${request.cutAt}` : ''}): ${excerpt(request.body.toString('utf8'), 160)}` : '';
  return `${request.label ? `[${request.label}${request.detail ? `: ${excerpt(request.detail, 200)}` : ''}] ` : ''}${request.method} ${excerpt(request.target, 200)} {${headers}}${body}`;
}

function excerpt(text: string, max = 300): string {
  const printable = JSON.stringify(text.length > max ? `${text.slice(0, max)}…(${text.length})` : text);
  return printable.slice(1, -1);
}

/**
 * fast-check parameters for one property: a fixed seed per property, a bounded case count,
 * a bounded shrink (replaying a crash many times adds nothing), and a short report: the
 * failure's own message names the request, so the generated value is not printed again.
 */
export function fuzzParameters<T>(index: number, runs: number): Parameters<T> {
  const seed = FUZZ_SEED + index;
  return {
    seed,
    numRuns: runs,
    // Bounds the cases and any shrinking after a failure; a slow machine running out of time passes with fewer cases.
    interruptAfterTimeLimit: 20_000 + runs * 300,
    markInterruptAsFailure: false,
    reporter: (details) => {
      if (!details.failed) return;
      const error = details.errorInstance;
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(
        `${message}\n(after ${details.numRuns} cases, shrunk ${details.numShrinks} times; FUZZ_SEED=${FUZZ_SEED} reproduces it: fast-check seed ${seed}, path "${details.counterexamplePath ?? ''}")`,
      );
    },
  };
}

function positiveInt(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}

function integer(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(parsed) ? parsed : fallback;
}
