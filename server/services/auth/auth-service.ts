import type { AdminPrincipal } from '@domain/admin.ts';
import crypto from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connection.ts';
import { WorkQueue, WorkQueueFullError } from '../../lib/work-queue.ts';
import { ADMIN_NAME_MAX, SYSTEM_ACTOR, recordAudit } from '../audit/audit-log.ts';
import type { Logger } from '../../logger.ts';
import type { ServerMetrics } from '../../metrics/server-metrics.ts';
import {
  countAdmins,
  createAdmin,
  findAdminByUsername,
  normalizeUsername,
  replacePasswordHash,
  setAdminPassword,
  setAdminRole,
} from './admins.ts';
import { clearSessionCookie, readCookie, serializeSessionCookie, sessionCookieName } from './cookies.ts';
import { DEFAULT_HASH_QUEUE } from './hash-queue.ts';
import {
  DEFAULT_THROTTLE,
  type LoginSource,
  type ThrottleRules,
  admitAttempt,
  clearPairFailures,
  refundAttempt,
} from './login-throttle.ts';
import { hashPassword, needsRehash, verifyPassword } from './password.ts';
import { type SessionTimeouts, createSession, deleteSession, findSessionAdmin, pruneSessions, sessionOwner } from './sessions.ts';
import { verifyTotp } from './totp.ts';
import { claimTotpStep } from './totp-replay.ts';

export interface LoginAttempt {
  username: string;
  password: string;
  code?: string;
  ip: string;
  /** The session token the browser already had, ended at login (session rotation). */
  previousToken?: string | null;
}

export type LoginResult =
  | { ok: true; token: string; username: string }
  | { ok: false; reason: 'invalid' | 'invalid-code' | 'code-reused' | 'code-required' }
  /** Throttled: by the client's address (or address and username), or the username's slowdown. */
  | { ok: false; reason: 'blocked'; scope: 'address' | 'username'; retryAfterSeconds: number }
  /** The hashing queue is full: nothing was checked. */
  | { ok: false; reason: 'busy'; retryAfterSeconds: number };

export interface AuthOptions {
  timeouts: SessionTimeouts;
  secureCookie: boolean;
  /** Counts refused logins and hashing-queue waits (server/metrics/). */
  metrics?: Pick<ServerMetrics, 'loginRefusals' | 'hashQueueWait'>;
}

/**
 * Admin authentication: login with equal-time failures, throttling, optional TOTP,
 * database sessions, and the cookie that carries them. Loaders ask through the request
 * context's currentAdmin (server/context.ts), which calls adminFromCookieHeader once.
 */
export class AuthService {
  readonly cookieName: string;
  private dummyHash: Promise<string> | undefined;
  private readonly throttle: ThrottleRules = DEFAULT_THROTTLE;
  private readonly hashing = new WorkQueue(DEFAULT_HASH_QUEUE);

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    private readonly options: AuthOptions,
  ) {
    this.cookieName = sessionCookieName(options.secureCookie);
  }

  async adminFromCookieHeader(header: string | null | undefined): Promise<AdminPrincipal | null> {
    const token = readCookie(header, this.cookieName);
    return token ? findSessionAdmin(this.db, token, this.options.timeouts) : null;
  }

  tokenFromCookieHeader(header: string | null | undefined): string | null {
    return readCookie(header, this.cookieName);
  }

  sessionCookie(token: string): string {
    return serializeSessionCookie(token, {
      secure: this.options.secureCookie,
      maxAgeSeconds: Math.floor(this.options.timeouts.absoluteMs / 1000),
    });
  }

  clearCookie(): string {
    return clearSessionCookie(this.options.secureCookie);
  }

  /**
   * Counts the attempt before anything costly (docs/decisions/011-login-throttling.md), then
   * checks the password in the bounded hashing queue, then the TOTP code if the admin has one.
   */
  async login(attempt: LoginAttempt): Promise<LoginResult> {
    const username = normalizeUsername(attempt.username);
    const source: LoginSource = { ip: attempt.ip, username };
    const admission = await admitAttempt(this.db, source, this.throttle);
    if (!admission.admitted) {
      this.logger.warn({ username, ip: attempt.ip, scope: admission.scope }, 'admin login refused: throttled');
      this.options.metrics?.loginRefusals.inc({ reason: admission.scope });
      const scope = admission.scope === 'username' ? 'username' : 'address';
      return { ok: false, reason: 'blocked', scope, retryAfterSeconds: admission.retryAfterSeconds };
    }

    const admin = await findAdminByUsername(this.db, username);
    let checked: { passwordOk: boolean; upgradedHash: string | null };
    const queued = performance.now();
    try {
      checked = await this.hashing.run(async () => {
        this.options.metrics?.hashQueueWait.observe((performance.now() - queued) / 1000);
        // An unknown username still costs one full scrypt, so timing does not tell which part was wrong.
        const passwordOk = await verifyPassword(attempt.password, admin?.password_hash ?? (await this.getDummyHash()));
        const upgradedHash = passwordOk && admin && needsRehash(admin.password_hash) ? await hashPassword(attempt.password) : null;
        return { passwordOk, upgradedHash };
      });
    } catch (error) {
      if (!(error instanceof WorkQueueFullError)) throw error;
      await refundAttempt(this.db, source);
      this.logger.warn({ username, ip: attempt.ip }, 'admin login refused: hashing queue full');
      this.options.metrics?.loginRefusals.inc({ reason: 'busy' });
      return { ok: false, reason: 'busy', retryAfterSeconds: 5 };
    }
    if (!admin || !checked.passwordOk) {
      this.logger.warn({ username, ip: attempt.ip, knownUser: Boolean(admin) }, 'admin login failed');
      await this.auditFailure(attempt, admin?.id ?? null, 'invalid');
      return { ok: false, reason: 'invalid' };
    }

    if (admin.totp_secret) {
      if (!attempt.code) {
        // The password was right: no failure to count.
        await refundAttempt(this.db, source);
        return { ok: false, reason: 'code-required' };
      }
      const step = verifyTotp(admin.totp_secret, admin.username, attempt.code);
      if (step === null) {
        this.logger.warn({ username, ip: attempt.ip }, 'admin login failed: wrong verification code');
        await this.auditFailure(attempt, admin.id, 'invalid-code');
        return { ok: false, reason: 'invalid-code' };
      }
      if (!(await claimTotpStep(this.db, admin.id, step))) {
        this.logger.warn({ username, ip: attempt.ip }, 'admin login failed: verification code already used');
        await this.auditFailure(attempt, admin.id, 'code-reused');
        return { ok: false, reason: 'code-reused' };
      }
    }

    if (checked.upgradedHash) {
      await replacePasswordHash(this.db, admin.id, checked.upgradedHash);
      this.logger.info({ username }, 'admin password hash upgraded to current parameters');
    }
    if (attempt.previousToken) await deleteSession(this.db, attempt.previousToken);
    await refundAttempt(this.db, source);
    await clearPairFailures(this.db, source);
    await pruneSessions(this.db, this.options.timeouts);
    const token = await this.db.transaction().execute(async (trx) => {
      const created = await createSession(trx, admin.id);
      await recordAudit(trx, {
        actor: { id: admin.id, username: admin.username },
        action: 'admin.login',
        kind: 'admin',
        entityId: admin.id,
        summary: admin.username,
        after: { ip: attempt.ip },
      });
      return created;
    });
    this.logger.info({ username, ip: attempt.ip }, 'admin login succeeded');
    return { ok: true, token, username: admin.username };
  }

  /**
   * A login refused after its password (or code) was checked: audited under the name typed
   * (docs/trash-and-audit.md). Throttled and busy attempts checked nothing and are not.
   */
  private async auditFailure(attempt: LoginAttempt, adminId: number | null, reason: string): Promise<void> {
    const typed = attempt.username.trim().slice(0, ADMIN_NAME_MAX);
    await recordAudit(this.db, {
      actor: { id: adminId, username: typed },
      action: 'admin.login_failed',
      kind: 'admin',
      entityId: adminId,
      summary: typed,
      after: { ip: attempt.ip, reason },
    });
  }

  /** Ends the session; a session that was still live is audited as its admin's logout. */
  async logout(token: string | null): Promise<void> {
    if (!token) return;
    await this.db.transaction().execute(async (trx) => {
      const owner = await sessionOwner(trx, token);
      await deleteSession(trx, token);
      if (owner) await recordAudit(trx, { actor: owner, action: 'admin.logout', kind: 'admin', entityId: owner.id, summary: owner.username });
    });
  }

  /**
   * At start: ADMIN_USERNAME + ADMIN_PASSWORD create or update that admin as an Owner (the
   * deployment's own way back in); on the embedded default with no admin at all, create
   * `admin` (an Owner) with a random password and log it once.
   */
  async bootstrap(config: Pick<Config, 'adminUsername' | 'adminPassword'> & { dialect: Config['database']['dialect'] }): Promise<void> {
    if (config.adminUsername && config.adminPassword) {
      const existing = await findAdminByUsername(this.db, config.adminUsername);
      if (!existing) {
        await createAdmin(this.db, config.adminUsername, config.adminPassword, { role: 'owner', actor: SYSTEM_ACTOR });
        this.logger.info({ username: normalizeUsername(config.adminUsername) }, 'admin created from ADMIN_USERNAME');
        return;
      }
      if (!(await verifyPassword(config.adminPassword, existing.password_hash))) {
        await setAdminPassword(this.db, config.adminUsername, config.adminPassword, SYSTEM_ACTOR);
        this.logger.info({ username: existing.username }, 'admin password updated from ADMIN_PASSWORD');
      }
      if (await setAdminRole(this.db, existing.username, 'owner', SYSTEM_ACTOR)) {
        this.logger.info({ username: existing.username, previousRole: existing.role }, 'admin made an Owner from ADMIN_USERNAME');
      }
      return;
    }
    if (config.dialect !== 'sqlite' || (await countAdmins(this.db)) > 0) return;
    const password = crypto.randomBytes(18).toString('base64url');
    await createAdmin(this.db, 'admin', password, { role: 'owner', actor: SYSTEM_ACTOR });
    // Printed exactly once, on the start that creates the account; it is never stored in clear.
    this.logger.warn(
      { username: 'admin', oneTimePassword: password },
      'No admin existed, so one was created. Log in at /knowledge-base and change this password with `npm run admin -- set-password admin`.',
    );
  }

  private getDummyHash(): Promise<string> {
    this.dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'));
    return this.dummyHash;
  }
}
