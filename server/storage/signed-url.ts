import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Disk storage's answer to an S3 presigned PUT: a URL to our own server,
 * `/api/objects/put/<key>?expires=<unix seconds>&max=<bytes>&sig=<HMAC-SHA256>`, bound to
 * one key, one expiry and one size limit. Whoever holds it may PUT that one object until it
 * expires, exactly like a presigned S3 URL; changing any part breaks the signature.
 */
export const SIGNED_PUT_PREFIX = '/api/objects/put/';

export type SignedPutCheck = { ok: true; maxBytes: number } | { ok: false; reason: 'expired' | 'bad-signature' | 'malformed' };

export class UrlSigner {
  constructor(private readonly secret: Buffer) {}

  signPut(key: string, expiresAt: number, maxBytes: number): string {
    const query = new URLSearchParams({
      expires: String(expiresAt),
      max: String(maxBytes),
      sig: this.signature(key, expiresAt, maxBytes),
    });
    return `${SIGNED_PUT_PREFIX}${key}?${query.toString()}`;
  }

  checkPut(key: string, query: Record<string, unknown>, nowSeconds = Math.floor(Date.now() / 1000)): SignedPutCheck {
    const { expires, max, sig } = query;
    if (typeof expires !== 'string' || typeof max !== 'string' || typeof sig !== 'string') return { ok: false, reason: 'malformed' };
    if (!/^\d{1,12}$/.test(expires) || !/^\d{1,12}$/.test(max)) return { ok: false, reason: 'malformed' };
    const expiresAt = Number(expires);
    const maxBytes = Number(max);
    const expected = Buffer.from(this.signature(key, expiresAt, maxBytes));
    const given = Buffer.from(sig);
    // Constant time, so the signature cannot be guessed byte by byte from response times.
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return { ok: false, reason: 'bad-signature' };
    if (expiresAt < nowSeconds) return { ok: false, reason: 'expired' };
    return { ok: true, maxBytes };
  }

  private signature(key: string, expiresAt: number, maxBytes: number): string {
    return crypto.createHmac('sha256', this.secret).update(`PUT\n${key}\n${expiresAt}\n${maxBytes}`).digest('base64url');
  }
}

/**
 * The signing secret: OBJECT_URL_SECRET when set (several hosts, no shared disk needed for
 * it), otherwise 32 random bytes kept in DATA_DIR/object-url.key, created on first start.
 * Processes sharing DATA_DIR (they must, for disk storage) share the file; whichever creates
 * it first wins and the others read it.
 */
export function loadUrlSecret(dataDir: string, configured: string | null): Buffer {
  if (configured) return Buffer.from(configured, 'utf8');
  const file = path.join(dataDir, 'object-url.key');
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(file)) {
    // Written aside and linked into place, so a second process never reads a half-written file.
    const temp = `${file}.${crypto.randomUUID()}.tmp`;
    fs.writeFileSync(temp, crypto.randomBytes(32).toString('base64url'), { mode: 0o600 });
    try {
      fs.linkSync(temp, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(temp, { force: true });
    }
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} is damaged: delete it and restart (upload URLs in flight will stop working).`);
  return Buffer.from(secret, 'utf8');
}
