import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** OWASP's current scrypt recommendation: N=2^17, r=8, p=1 (about 128 MiB per hash). */
export const CURRENT_PARAMS: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };
export const MIN_PASSWORD_LENGTH = 12;
/** Longer than anyone types; bounds the work an attacker can ask for. */
export const MAX_PASSWORD_LENGTH = 1024;
const KEY_LENGTH = 32;

/** scrypt needs 128·N·r bytes; Node's default maxmem (32 MiB) is too small for N=2^17. */
function maxmem({ N, r }: ScryptParams): number {
  return 128 * N * r + 16 * 1024 * 1024;
}

export class PasswordPolicyError extends Error {
  override name = 'PasswordPolicyError';
}

export function checkPasswordPolicy(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new PasswordPolicyError(`Passwords need at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw new PasswordPolicyError(`Passwords can have at most ${MAX_PASSWORD_LENGTH} characters.`);
  }
}

/** Hashes to 'scrypt$N$r$p$salt$hash' (base64), so each hash carries its own parameters. */
export async function hashPassword(password: string, params: ScryptParams = CURRENT_PARAMS): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...params, maxmem: maxmem(params) });
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

function parse(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const [scheme, N, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !N || !r || !p || !salt || !key) return null;
  return {
    params: { N: Number(N), r: Number(r), p: Number(p) },
    salt: Buffer.from(salt, 'base64'),
    key: Buffer.from(key, 'base64'),
  };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed || password.length > MAX_PASSWORD_LENGTH) return false;
  const candidate = await scrypt(password.normalize('NFKC'), parsed.salt, parsed.key.length, {
    ...parsed.params,
    maxmem: maxmem(parsed.params),
  });
  return crypto.timingSafeEqual(candidate, parsed.key);
}

/** True when a stored hash was made with other parameters than today's, so it should be redone. */
export function needsRehash(stored: string, params: ScryptParams = CURRENT_PARAMS): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.params.N !== params.N || parsed.params.r !== params.r || parsed.params.p !== params.p;
}
