/**
 * Leader photos (docs/site-content.md, "Leader photos"): uploaded once, made square and
 * stored at each size the leadership card needs, as WebP.
 */

/** Pixel widths (and heights) stored for every photo: the card's 1x and 2x. */
export const LEADER_PHOTO_SIZES = [160, 320] as const;
export type LeaderPhotoSize = (typeof LEADER_PHOTO_SIZES)[number];

/** The largest upload accepted. */
export const LEADER_PHOTO_MAX_BYTES = 5 * 1024 * 1024;

export const LEADER_PHOTO_TOO_LARGE = 'The photo must be at most 5 MB.';
export const LEADER_PHOTO_NOT_AN_IMAGE = 'The photo must be a JPEG, PNG, WebP or AVIF image.';

/** The public, immutable address of one size of a photo. */
export function leaderPhotoUrl(id: string, size: LeaderPhotoSize): string {
  return `/media/leader-photos/${id}/${size}.webp`;
}

/** What POST /api/admin/content/leader-photos answers (201). */
export interface LeaderPhotoUpload {
  photo: { id: string };
  urls: Record<`${LeaderPhotoSize}`, string>;
}
