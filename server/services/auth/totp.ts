import * as OTPAuth from 'otpauth';

/**
 * Optional second factor: RFC 6238 TOTP (SHA-1, 6 digits, 30 s), the kind every
 * authenticator app reads from an otpauth:// URI. One step of clock drift is accepted.
 */
export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

function totpFor(secret: string, username: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: 'VPV Energy Admin',
    label: username,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

export function provisioningUri(secret: string, username: string): string {
  return totpFor(secret, username).toString();
}

export function verifyTotp(secret: string, username: string, code: string, timestamp = Date.now()): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  return totpFor(secret, username).validate({ token: code, timestamp, window: 1 }) !== null;
}

export function currentTotp(secret: string, username: string, timestamp = Date.now()): string {
  return totpFor(secret, username).generate({ timestamp });
}
