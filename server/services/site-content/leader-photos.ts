import { LEADER_PHOTO_MAX_BYTES, LEADER_PHOTO_SIZES, type LeaderPhotoSize, type LeaderPhotoUpload, leaderPhotoUrl } from '@domain/site-content/photos.ts';
import { fileTypeFromBuffer } from 'file-type';
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import type { Db } from '../../db/connection.ts';
import type { Logger } from '../../logger.ts';
import { type Storage, objectKeys } from '../../storage/storage.ts';
import { type AuditActor, recordAudit, resolveActor } from '../audit/audit-log.ts';
import { imageWork } from '../documents/image-work.ts';

/**
 * Leader photos (docs/site-content.md, "Leader photos"): an uploaded JPEG, PNG, WebP or AVIF of
 * at most 5 MB is turned upright by its EXIF orientation, cut to a centred square and stored
 * as WebP at each of LEADER_PHOTO_SIZES under leader-photos/<id>/<size>.webp; the original is
 * not kept. A row in `leader_photos` says the photo exists, so a save can refuse an unknown id.
 */

/** Decompression-bomb guard, as for carousel images: a 5 MB PNG can claim billions of pixels. */
const MAX_PIXELS = 40_000_000;

/** What file-type finds in the bytes → what sharp must agree it decoded. */
const ACCEPTED: Record<string, string> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp', 'image/avif': 'heif' };

export class LeaderPhotoRefusal extends Error {
  override name = 'LeaderPhotoRefusal';
  constructor(readonly reason: 'too-large' | 'not-an-image') {
    super(reason);
  }
}

export interface ServedPhoto {
  body: Readable;
  size: number;
}

export class LeaderPhotos {
  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
    private readonly logger: Logger,
  ) {}

  /** Stores the photo at every size; LeaderPhotoRefusal when it is too large or not an image we take. */
  async accept(bytes: Buffer, actor: AuditActor): Promise<LeaderPhotoUpload> {
    if (bytes.length > LEADER_PHOTO_MAX_BYTES) throw new LeaderPhotoRefusal('too-large');
    const detected = await fileTypeFromBuffer(bytes);
    const format = detected ? ACCEPTED[detected.mime] : undefined;
    if (!format) throw new LeaderPhotoRefusal('not-an-image');
    const sizes = await imageWork.run(() => squares(bytes, format)).catch((error: unknown) => {
      if (error instanceof LeaderPhotoRefusal) throw error;
      this.logger.info({ err: error }, 'leader photo refused: it does not decode');
      throw new LeaderPhotoRefusal('not-an-image');
    });

    const id = crypto.randomUUID();
    const who = await resolveActor(this.db, actor);
    const stored: string[] = [];
    try {
      for (const [size, webp] of sizes) {
        const key = objectKeys.leaderPhoto(id, size);
        stored.push(key);
        await this.storage.put(key, Readable.from([webp]), { maxBytes: LEADER_PHOTO_MAX_BYTES, contentType: 'image/webp' });
      }
      await this.db.transaction().execute(async (trx) => {
        await trx.insertInto('leader_photos').values({ id, created_at: Date.now(), created_by: who.username }).execute();
        await recordAudit(trx, { actor: who, action: 'content.photo', kind: 'content', entityId: id, summary: 'Leader photo', after: { photo: id } });
      });
    } catch (error) {
      // Half a photo is no photo: what was stored goes, and the error stands.
      for (const key of stored) await this.storage.delete(key).catch(() => undefined);
      throw error;
    }
    return {
      photo: { id },
      urls: Object.fromEntries(LEADER_PHOTO_SIZES.map((size) => [String(size), leaderPhotoUrl(id, size)])) as LeaderPhotoUpload['urls'],
    };
  }

  /** The ids among `ids` with no stored photo. */
  async unknown(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db.selectFrom('leader_photos').select('id').where('id', 'in', ids).execute();
    const known = new Set(rows.map((row) => row.id));
    return new Set(ids.filter((id) => !known.has(id)));
  }

  /** One stored size, or null (unknown id or size). */
  async serve(id: string, size: number): Promise<ServedPhoto | null> {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id)) return null;
    if (!(LEADER_PHOTO_SIZES as readonly number[]).includes(size)) return null;
    const key = objectKeys.leaderPhoto(id, size);
    const head = await this.storage.head(key);
    const body = head ? await this.storage.get(key) : null;
    return head && body ? { body, size: head.size } : null;
  }
}

/** Every size as a centred square WebP; rejects when the bytes do not decode as `format` within the pixel limit. */
async function squares(bytes: Buffer, format: string): Promise<Array<[LeaderPhotoSize, Buffer]>> {
  const metadata = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  if (metadata.format !== format || pixels === 0 || pixels > MAX_PIXELS) throw new LeaderPhotoRefusal('not-an-image');
  const made: Array<[LeaderPhotoSize, Buffer]> = [];
  for (const size of LEADER_PHOTO_SIZES) {
    const webp = await sharp(bytes, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize(size, size, { fit: 'cover', position: 'centre' })
      .webp({ quality: 82 })
      .toBuffer();
    made.push([size, webp]);
  }
  return made;
}
