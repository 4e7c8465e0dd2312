import { singleLineText } from '@domain/zod.ts';
import express, { type Router } from 'express';
import { z } from 'zod';
import type { Services } from '../services/index.ts';
import { invalidInput } from './errors.ts';

// The username reaches the database (lookups, throttle keys), so it refuses control
// characters like every text field; the password is only ever hashed, so any text goes.
const loginSchema = z.object({
  username: singleLineText(z.string().trim().min(1, 'Username is required').max(64, 'Username is too long'), 'Username'),
  password: z.string().min(1, 'Password is required').max(1024, 'Password is too long'),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'The verification code has 6 digits')
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

/** One plain message for a wrong username and a wrong password alike (docs/admin.md). */
export const INVALID_CREDENTIALS = 'Invalid username or password';

/** "45 seconds", "1 minute", "15 minutes". */
function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** POST /api/admin/login, GET /api/admin/check, POST /api/admin/logout (docs/admin.md). */
export function createAdminRouter({ auth }: Services): Router {
  const router = express.Router();
  // Body parsers are per route: a router-wide parser would also run for other areas' paths.
  const json = express.json({ limit: '4kb' });

  router.post('/admin/login', json, async (req, res) => {
    const parsed = loginSchema.safeParse(req.body);
    if (!parsed.success) throw invalidInput(parsed.error);
    const result = await auth.login({
      ...parsed.data,
      ip: req.ip ?? 'unknown',
      previousToken: auth.tokenFromCookieHeader(req.headers.cookie),
    });
    if (result.ok) {
      res.set('Set-Cookie', auth.sessionCookie(result.token)).json({ username: result.username });
      return;
    }
    switch (result.reason) {
      case 'blocked':
        res
          .status(429)
          .set('Retry-After', String(result.retryAfterSeconds))
          .type('text/plain')
          .send(
            result.scope === 'username'
              ? `Too many failed logins for this username. Try again in ${waitText(result.retryAfterSeconds)}.`
              : `Too many failed logins. Try again in ${waitText(result.retryAfterSeconds)}.`,
          );
        return;
      case 'busy':
        res
          .status(503)
          .set('Retry-After', String(result.retryAfterSeconds))
          .type('text/plain')
          .send(`Too many logins at once. Try again in ${waitText(result.retryAfterSeconds)}.`);
        return;
      case 'code-required':
        // Only said after the password was right, so it reveals nothing to a guesser.
        res.status(401).json({ message: 'Enter the 6-digit code from your authenticator app.', codeRequired: true });
        return;
      case 'invalid-code':
        res.status(401).json({ message: 'Invalid verification code', codeRequired: true });
        return;
      case 'code-reused':
        res.status(401).json({ message: 'This code was already used. Wait for the next code from your authenticator app.', codeRequired: true });
        return;
      default:
        res.status(401).type('text/plain').send(INVALID_CREDENTIALS);
    }
  });

  router.get('/admin/check', async (req, res) => {
    const admin = await auth.adminFromCookieHeader(req.headers.cookie);
    res.json({ isAuthenticated: admin !== null, username: admin?.username ?? null });
  });

  router.post('/admin/logout', async (req, res) => {
    await auth.logout(auth.tokenFromCookieHeader(req.headers.cookie));
    res.set('Set-Cookie', auth.clearCookie()).json({ ok: true });
  });

  return router;
}
