import * as OTPAuth from 'otpauth';

/**
 * Optional second factor: RFC 6238 TOTP (SHA-1, 6 digits, 30 s), the kind every
 * authenticator app reads from an otpauth:// URI. One step of clock drift is accepted.
 * A code is accepted once: see totp-replay.ts.
 */
export const TOTP_PERIOD_MS = 30_000;

export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

function totpFor(secret: string, username: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: 'VPV Energy Admin',
    label: username,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_MS / 1000,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

export function provisioningUri(secret: string, username: string): string {
  return totpFor(secret, username).toString();
}

/** The time step (30 s periods since 1970) whose code `code` is, or null when it matches none in the drift window. */
export function verifyTotp(secret: string, username: string, code: string, timestamp = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = totpFor(secret, username);
  const delta = totp.validate({ token: code, timestamp, window: 1 });
  return delta === null ? null : totp.counter({ timestamp }) + delta;
}

export function currentTotp(secret: string, username: string, timestamp = Date.now()): string {
  return totpFor(secret, username).generate({ timestamp });
}
