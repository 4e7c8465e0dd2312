import { initialsOf } from '@content/leaders';
import { LEADER_PHOTO_SIZES, leaderPhotoUrl } from '@domain/site-content/photos';
import type { PublicLeader } from '~/lib/site-content';
import { LinkedInIcon } from './linkedin-icon';

/** Pixels at full size; the photo and the initials share the same classes, so swapping in a photo moves nothing. */
const HEADSHOT_SIZE = 96;

/** A round headshot: the uploaded square photo (160 and 320 px for sharp screens), or the leader's initials on a gradient. */
function Headshot({ leader }: { leader: PublicLeader }) {
  if (!leader.photo) {
    return (
      <span
        aria-hidden="true"
        className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-brand-500 via-brand-700 to-navy-800 text-xl sm:h-24 sm:w-24 sm:text-3xl font-extrabold tracking-tight text-white shadow-lg ring-4 ring-white"
      >
        {initialsOf(leader.name)}
      </span>
    );
  }
  const { id } = leader.photo;
  // The name sits right beside the photo, so the image adds nothing for a screen reader.
  return (
    <img
      src={leaderPhotoUrl(id, LEADER_PHOTO_SIZES[0])}
      srcSet={LEADER_PHOTO_SIZES.map((size) => `${leaderPhotoUrl(id, size)} ${size}w`).join(', ')}
      sizes={`(min-width: 40rem) ${HEADSHOT_SIZE}px, 64px`}
      alt=""
      width={HEADSHOT_SIZE}
      height={HEADSHOT_SIZE}
      loading="lazy"
      decoding="async"
      className="h-16 w-16 shrink-0 rounded-full object-cover sm:h-24 sm:w-24 shadow-lg ring-4 ring-white"
    />
  );
}

/** A leader card (docs/pages.md, Leadership): headshot, name, title, biography, profile button (e-mail is not shown). */
export function LeaderCard({ leader, headingId }: { leader: PublicLeader; headingId: string }) {
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 transition hover:shadow-lg sm:p-8"
    >
      <div className="flex items-center gap-4 sm:gap-5">
        <Headshot leader={leader} />
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="text-xl font-bold text-ink sm:text-2xl">
            {leader.name}
          </h2>
          <p className="mt-1 text-sm font-semibold text-brand-700">{leader.title}</p>
        </div>
        <a
          href={leader.profileUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`${leader.name} on LinkedIn`}
          className="flex h-11 w-11 shrink-0 items-center justify-center self-start rounded-full bg-slate-100 text-navy-700 transition-colors hover:bg-brand-700 hover:text-white"
        >
          <LinkedInIcon className="h-5 w-5" />
        </a>
      </div>
      <p className="mt-6 leading-relaxed text-slate-600">{leader.bio}</p>
    </article>
  );
}
