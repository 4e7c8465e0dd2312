import crypto from 'node:crypto';
import type { Config } from '../../config.ts';
import type { AdminPrincipal } from '../../context.ts';
import type { Db } from '../../db/connection.ts';
import type { Logger } from '../../logger.ts';
import {
  countAdmins,
  createAdmin,
  findAdminByUsername,
  normalizeUsername,
  replacePasswordHash,
  setAdminPassword,
} from './admins.ts';
import { clearSessionCookie, readCookie, serializeSessionCookie, sessionCookieName } from './cookies.ts';
import { DEFAULT_THROTTLE, type ThrottleRule, blockedFor, clearFailures, recordFailure } from './login-throttle.ts';
import { hashPassword, needsRehash, verifyPassword } from './password.ts';
import { type SessionTimeouts, createSession, deleteSession, findSessionAdmin, pruneSessions } from './sessions.ts';
import { verifyTotp } from './totp.ts';

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
  | { ok: false; reason: 'invalid' | 'invalid-code' | 'code-required' }
  | { ok: false; reason: 'blocked'; retryAfterSeconds: number };

export interface AuthOptions {
  timeouts: SessionTimeouts;
  secureCookie: boolean;
  throttle?: ThrottleRule;
}

/**
 * Admin authentication: login with equal-time failures, throttling, optional TOTP,
 * database sessions, and the cookie that carries them. Loaders ask through the request
 * context's currentAdmin (server/context.ts), which calls adminFromCookieHeader once.
 */
export class AuthService {
  readonly cookieName: string;
  private dummyHash: Promise<string> | undefined;
  private readonly throttle: ThrottleRule;

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    private readonly options: AuthOptions,
  ) {
    this.cookieName = sessionCookieName(options.secureCookie);
    this.throttle = options.throttle ?? DEFAULT_THROTTLE;
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

  async login(attempt: LoginAttempt): Promise<LoginResult> {
    const username = normalizeUsername(attempt.username);
    const keys = [`user:${username}`, `ip:${attempt.ip}`];
    const retryAfterSeconds = await blockedFor(this.db, keys);
    if (retryAfterSeconds > 0) {
      this.logger.warn({ username, ip: attempt.ip }, 'admin login refused: throttled');
      return { ok: false, reason: 'blocked', retryAfterSeconds };
    }

    const admin = await findAdminByUsername(this.db, username);
    // An unknown username still costs one full scrypt, so timing does not tell which part was wrong.
    const passwordOk = await verifyPassword(attempt.password, admin?.password_hash ?? (await this.getDummyHash()));
    if (!admin || !passwordOk) {
      await recordFailure(this.db, keys, this.throttle);
      this.logger.warn({ username, ip: attempt.ip, knownUser: Boolean(admin) }, 'admin login failed');
      return { ok: false, reason: 'invalid' };
    }

    if (admin.totp_secret) {
      if (!attempt.code) return { ok: false, reason: 'code-required' };
      if (!verifyTotp(admin.totp_secret, admin.username, attempt.code)) {
        await recordFailure(this.db, keys, this.throttle);
        this.logger.warn({ username, ip: attempt.ip }, 'admin login failed: wrong verification code');
        return { ok: false, reason: 'invalid-code' };
      }
    }

    if (needsRehash(admin.password_hash)) {
      await replacePasswordHash(this.db, admin.id, await hashPassword(attempt.password));
      this.logger.info({ username }, 'admin password hash upgraded to current parameters');
    }
    if (attempt.previousToken) await deleteSession(this.db, attempt.previousToken);
    await clearFailures(this.db, `user:${username}`);
    await pruneSessions(this.db, this.options.timeouts);
    const token = await createSession(this.db, admin.id);
    this.logger.info({ username, ip: attempt.ip }, 'admin login succeeded');
    return { ok: true, token, username: admin.username };
  }

  async logout(token: string | null): Promise<void> {
    if (token) await deleteSession(this.db, token);
  }

  /**
   * At start: ADMIN_USERNAME + ADMIN_PASSWORD create or update that admin; on the embedded
   * default with no admin at all, create `admin` with a random password and log it once.
   */
  async bootstrap(config: Pick<Config, 'adminUsername' | 'adminPassword'> & { dialect: Config['database']['dialect'] }): Promise<void> {
    if (config.adminUsername && config.adminPassword) {
      const existing = await findAdminByUsername(this.db, config.adminUsername);
      if (!existing) {
        await createAdmin(this.db, config.adminUsername, config.adminPassword);
        this.logger.info({ username: normalizeUsername(config.adminUsername) }, 'admin created from ADMIN_USERNAME');
      } else if (!(await verifyPassword(config.adminPassword, existing.password_hash))) {
        await setAdminPassword(this.db, config.adminUsername, config.adminPassword);
        this.logger.info({ username: existing.username }, 'admin password updated from ADMIN_PASSWORD');
      }
      return;
    }
    if (config.dialect !== 'sqlite' || (await countAdmins(this.db)) > 0) return;
    const password = crypto.randomBytes(18).toString('base64url');
    await createAdmin(this.db, 'admin', password);
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
