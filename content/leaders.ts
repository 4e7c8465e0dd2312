/**
 * The leadership team (docs/pages.md, Leadership). The e-mail addresses are kept for the
 * company's records but not displayed on the site.
 *
 * SAMPLE CONTENT: the names, biographies, profile links and e-mail addresses are
 * placeholders for the company to replace with its real team. The images point at the
 * placeholder prefix, so the cards show initials until real headshots are added (put a
 * square photo under public/ and set `image` to its path, e.g. '/images/leaders/ceo.jpg').
 */
export interface Leader {
  name: string;
  title: string;
  bio: string;
  image: string;
  linkedin: string;
  email: string;
}

/** An image path starting with this prefix means "no photo yet": the card shows initials. */
export const PLACEHOLDER_IMAGE_PREFIX = '/api/placeholder';

export const leadershipIntro = 'Meet the experienced professionals driving innovation in LNG and NGL virtual pipeline solutions.';

export const leaders: Leader[] = [
  {
    name: 'Daniel Whitaker',
    title: 'Founder & Chief Executive Officer',
    bio: 'Daniel founded the company after two decades in energy trading, where he ran natural gas and NGL desks and saw how much value producers lost to stranded gas and constrained takeaway. He sets the strategy behind our virtual pipeline and leads relationships with our largest customers.',
    image: `${PLACEHOLDER_IMAGE_PREFIX}/160/160`,
    linkedin: 'https://www.linkedin.com/in/sample-daniel-whitaker',
    email: 'daniel.whitaker@vpv-energy.example',
  },
  {
    name: 'Maria Alvarez',
    title: 'Chief Commercial Officer',
    bio: 'Maria spent fifteen years in oilfield services, building commercial teams that supported operators from the Permian Basin to the Gulf Coast. She leads sales, customer contracts and partnerships, matching each producer and power site with the right supply or takeaway solution.',
    image: `${PLACEHOLDER_IMAGE_PREFIX}/160/160`,
    linkedin: 'https://www.linkedin.com/in/sample-maria-alvarez',
    email: 'maria.alvarez@vpv-energy.example',
  },
  {
    name: 'James Okafor',
    title: 'Chief Operating Officer',
    bio: 'James brings a career in operations and supply chain management for industrial gas and fuel distribution. He runs our fleet, storage and field teams, with a focus on safety, on-time delivery and the logistics that keep every site supplied.',
    image: `${PLACEHOLDER_IMAGE_PREFIX}/160/160`,
    linkedin: 'https://www.linkedin.com/in/sample-james-okafor',
    email: 'james.okafor@vpv-energy.example',
  },
  {
    name: 'Rebecca Lin',
    title: 'Chief Financial Officer',
    bio: 'Rebecca joined from private equity, where she invested in and advised midstream and energy infrastructure companies. She leads finance, capital planning and investor relations as the company grows its fleet and platforms.',
    image: `${PLACEHOLDER_IMAGE_PREFIX}/160/160`,
    linkedin: 'https://www.linkedin.com/in/sample-rebecca-lin',
    email: 'rebecca.lin@vpv-energy.example',
  },
];

export const joinOurTeam = {
  heading: 'Join Our Team',
  text: "We're always looking for talented individuals who share our passion for innovation in the energy sector.",
  action: { label: 'View Open Positions', href: '/#contact' },
} as const;

export function isPlaceholderImage(image: string): boolean {
  return image.startsWith(PLACEHOLDER_IMAGE_PREFIX);
}

/** 'Maria Alvarez' → 'MA': the stand-in for a headshot. */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .slice(0, 2)
    .join('');
}
