import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Disk storage's answer to S3's presigned requests: URLs (or form fields) to our own server,
 * each an HMAC-SHA256 over what it permits (a subject: `PUT <key>`, `PART <upload> <n>` or
 * `POST <key>`), an expiry and a size limit. Whoever holds one may send that one thing until
 * it expires, exactly like a presigned S3 URL; changing any part breaks the signature. The
 * one signer for every such URL (disk.ts hands them out, server/api/disk-storage.ts checks them).
 */
export type SignedCheck = { ok: true; maxBytes: number } | { ok: false; reason: 'expired' | 'bad-signature' | 'malformed' };

/** Unix seconds and byte counts: 13 digits cover both for centuries and any file. */
const NUMBER = /^\d{1,13}$/;

export class UrlSigner {
  constructor(private readonly secret: Buffer) {}

  /** The query (`expires`, `max`, `sig`) of a URL permitting `subject` until `expiresAt` (unix seconds). */
  sign(subject: string, expiresAt: number, maxBytes: number): { expires: string; max: string; sig: string } {
    return { expires: String(expiresAt), max: String(maxBytes), sig: this.signature(subject, expiresAt, maxBytes) };
  }

  check(subject: string, query: Record<string, unknown>, nowSeconds = Math.floor(Date.now() / 1000)): SignedCheck {
    const { expires, max, sig } = query;
    if (typeof expires !== 'string' || typeof max !== 'string' || typeof sig !== 'string') return { ok: false, reason: 'malformed' };
    if (!NUMBER.test(expires) || !NUMBER.test(max)) return { ok: false, reason: 'malformed' };
    const expected = Buffer.from(this.signature(subject, Number(expires), Number(max)));
    const given = Buffer.from(sig);
    // Constant time, so the signature cannot be guessed byte by byte from response times.
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return { ok: false, reason: 'bad-signature' };
    if (Number(expires) < nowSeconds) return { ok: false, reason: 'expired' };
    return { ok: true, maxBytes: Number(max) };
  }

  private signature(subject: string, expiresAt: number, maxBytes: number): string {
    return crypto.createHmac('sha256', this.secret).update(`${subject}\n${expiresAt}\n${maxBytes}`).digest('base64url');
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
