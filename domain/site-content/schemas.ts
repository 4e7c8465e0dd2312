import type { ApiFieldErrors } from '../api-error.ts';
import { requiredText, singleLineText, text, z } from '../zod.ts';
import {
  type AssociationEntry,
  type Associations,
  type CompanyFacts,
  FAQ_CATEGORIES,
  type FaqEntry,
  type Leader,
  PAGE_KEYS,
  type PageKey,
  type PageSeo,
  type SeoEntries,
  type SiteContentData,
  type SiteContentKind,
} from './types.ts';

/**
 * The validation of every kind of site content (docs/site-content.md), shared by the editors
 * (instant feedback) and the API (the real check). Every text field goes through
 * requiredText/singleLineText/multiLineText, so messages match the rest of the site and
 * control characters are refused. Field errors are keyed by dotted path: `phone.tel`,
 * `2.question`, `associations.1.url`, `home.title` (fieldErrorsByPath).
 */

export const COMPANY_LIMITS = {
  name: 100,
  legalName: 200,
  description: 1000,
  email: 254,
  phoneDisplay: 40,
  phoneTel: 20,
  street: 200,
  city: 100,
  region: 100,
  regionCode: 10,
  postalCode: 20,
  country: 60,
  url: 2048,
} as const;

export const LEADER_LIMITS = { id: 100, name: 100, title: 150, bio: 3000, email: 254, count: 50 } as const;
export const FAQ_LIMITS = { question: 300, answer: 5000, count: 100 } as const;
export const ASSOCIATION_LIMITS = { name: 150, count: 50 } as const;
export const LINK_MAX = 2048;
export const LIST_ID_MAX = 100;

/** A search title: at most SEO_TITLE_MAX characters; search engines show about SEO_TITLE_ADVISED. */
export const SEO_TITLE_MAX = 120;
export const SEO_TITLE_ADVISED = 60;
/** A meta description: at most SEO_DESCRIPTION_MAX characters; search engines show about SEO_DESCRIPTION_ADVISED. */
export const SEO_DESCRIPTION_MAX = 320;
export const SEO_DESCRIPTION_ADVISED = 160;

const line = (label: string, max: number) => requiredText(label, max, 'single');
const paragraph = (label: string, max: number) => requiredText(label, max, 'multi');

/** Whether `value` is an absolute https link with a host. */
export function isHttpsLink(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && !/\s/.test(value);
  } catch {
    return false;
  }
}

function httpsLinkMessage(label: string): string {
  return `${label} must be a full link starting with https://.`;
}

function httpsLink(label: string) {
  return line(label, LINK_MAX).refine(isHttpsLink, httpsLinkMessage(label));
}

/** An optional https link: empty or absent is null. */
function optionalHttpsLink(label: string) {
  return singleLineText(text(label).trim().max(LINK_MAX, `${label} must be at most ${LINK_MAX} characters.`), label)
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || isHttpsLink(value), httpsLinkMessage(label));
}

const EMAIL_MESSAGE = 'Enter a valid e-mail address, such as john@company.com.';

function email(label: string, max: number) {
  return line(label, max).pipe(z.email(EMAIL_MESSAGE));
}

/** An e-mail address or nothing (''). */
function optionalEmail(label: string, max: number) {
  return singleLineText(text(label).trim().max(max, `${label} must be at most ${max} characters.`), label)
    .nullish()
    .transform((value) => value ?? '')
    .refine((value) => value === '' || z.email().safeParse(value).success, EMAIL_MESSAGE);
}

function listId(label: string) {
  return line(`${label} id`, LIST_ID_MAX);
}

/** The digits of a phone number as dialled from anywhere: a 10-digit US number gains its country code 1. */
export function phoneDigits(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length === 10 ? `1${digits}` : digits;
}

export const PHONE_MISMATCH_MESSAGE = 'Phone (tap to call) must be the same number as Phone.';

export const companySchema: z.ZodType<CompanyFacts> = z
  .object(
    {
      name: line('Name', COMPANY_LIMITS.name),
      legalName: line('Legal name', COMPANY_LIMITS.legalName),
      description: paragraph('Description', COMPANY_LIMITS.description),
      salesEmail: email('Sales e-mail', COMPANY_LIMITS.email),
      phone: z.object(
        {
          display: line('Phone', COMPANY_LIMITS.phoneDisplay).refine(
            (value) => /^[+\d\s().-]+$/.test(value) && /\d{3}/.test(value.replace(/\D/g, '')),
            'Phone must be a phone number, such as 1-888-555-0148.',
          ),
          tel: line('Phone (tap to call)', COMPANY_LIMITS.phoneTel).refine(
            (value) => /^\+\d{7,15}$/.test(value),
            'Phone (tap to call) must be + and the digits, such as +18885550148.',
          ),
        },
        { error: 'Phone is required.' },
      ),
      address: z.object(
        {
          street: line('Street', COMPANY_LIMITS.street),
          city: line('City', COMPANY_LIMITS.city),
          region: line('State or region', COMPANY_LIMITS.region),
          regionCode: line('State or region code', COMPANY_LIMITS.regionCode),
          postalCode: line('Postal code', COMPANY_LIMITS.postalCode),
          country: line('Country', COMPANY_LIMITS.country),
        },
        { error: 'Address is required.' },
      ),
      equipmentStoreUrl: httpsLink('Equipment store link'),
    },
    { error: 'Send the company facts as a JSON object.' },
  )
  .superRefine((company, context) => {
    if (phoneDigits(company.phone.display) !== phoneDigits(company.phone.tel)) {
      context.addIssue({ code: 'custom', path: ['phone', 'tel'], message: PHONE_MISMATCH_MESSAGE });
    }
  });

/** Each item's id once: the editors key rows, reorders and differences by it. */
function uniqueIds<T extends { id: string }>(noun: string) {
  return (items: T[], context: z.RefinementCtx) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      if (seen.has(item.id)) context.addIssue({ code: 'custom', path: [index, 'id'], message: `Each ${noun} needs its own id.` });
      seen.add(item.id);
    });
  };
}

function list<T extends z.ZodType<{ id: string }>>(item: T, noun: string, max: number) {
  return z
    .array(item, { error: `Send the ${noun}s as a list.` })
    .max(max, `At most ${max} ${noun}s.`)
    .superRefine(uniqueIds(noun));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const leaderSchema = z.object(
  {
    id: listId('Leader'),
    name: line('Name', LEADER_LIMITS.name),
    title: line('Title', LEADER_LIMITS.title),
    bio: paragraph('Biography', LEADER_LIMITS.bio),
    profileUrl: httpsLink('Profile link'),
    email: optionalEmail('E-mail', LEADER_LIMITS.email),
    // Refined as a whole, so its message is keyed `N.photo` like the server's "unknown photo".
    photo: z
      .object({ id: text('Photo') }, { error: 'Photo must be an uploaded photo or none.' })
      .refine((photo) => UUID.test(photo.id), 'Photo is not a known photo. Upload it again.')
      .nullish()
      .transform((value) => (value ? { id: value.id.toLowerCase() } : null)),
  },
  { error: 'Each leader must be a JSON object.' },
);

export const leadersSchema: z.ZodType<Leader[]> = list(leaderSchema, 'leader', LEADER_LIMITS.count);

const faqEntrySchema = z.object(
  {
    id: listId('Question'),
    question: line('Question', FAQ_LIMITS.question),
    answer: paragraph('Answer', FAQ_LIMITS.answer),
    category: z.enum(FAQ_CATEGORIES, { error: `Category must be one of ${FAQ_CATEGORIES.join(', ')}.` }),
  },
  { error: 'Each question must be a JSON object.' },
);

export const faqSchema: z.ZodType<FaqEntry[]> = list(faqEntrySchema, 'question', FAQ_LIMITS.count);

const associationEntrySchema: z.ZodType<AssociationEntry> = z.object(
  {
    id: listId('Entry'),
    name: line('Name', ASSOCIATION_LIMITS.name),
    url: optionalHttpsLink('Link'),
  },
  { error: 'Each entry must be a JSON object.' },
);

export const associationsSchema: z.ZodType<Associations> = z.object(
  {
    associations: list(associationEntrySchema, 'association', ASSOCIATION_LIMITS.count),
    companies: list(associationEntrySchema, 'company', ASSOCIATION_LIMITS.count),
  },
  { error: 'Send the associations as a JSON object.' },
);

const pageSeoSchema: z.ZodType<PageSeo> = z.object(
  {
    title: line('Search title', SEO_TITLE_MAX),
    description: line('Search description', SEO_DESCRIPTION_MAX),
  },
  { error: 'Each page needs a search title and description.' },
);

export const seoSchema: z.ZodType<SeoEntries> = z.object(
  Object.fromEntries(PAGE_KEYS.map((key) => [key, pageSeoSchema])) as Record<PageKey, typeof pageSeoSchema>,
  { error: 'Send the search titles and descriptions as a JSON object.' },
);

export const siteContentSchemas: { [K in SiteContentKind]: z.ZodType<SiteContentData[K]> } = {
  company: companySchema,
  leaders: leadersSchema,
  faq: faqSchema,
  associations: associationsSchema,
  seo: seoSchema,
};

/** Parses one kind's data: the value trimmed and normalised, or the ZodError. */
export function parseSiteContent<K extends SiteContentKind>(kind: K, data: unknown): z.ZodSafeParseResult<SiteContentData[K]> {
  return siteContentSchemas[kind].safeParse(data) as z.ZodSafeParseResult<SiteContentData[K]>;
}

/**
 * Each field's messages keyed by its dotted path (`phone.tel`, `2.question`, `home.title`), in
 * the order Zod found them; problems with the whole value are under '' .
 */
export function fieldErrorsByPath(error: z.ZodError): ApiFieldErrors {
  const lists = new Map<string, string[]>();
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    const list = lists.get(path) ?? [];
    if (!list.includes(issue.message)) list.push(issue.message);
    lists.set(path, list);
  }
  // fromEntries defines own properties, so even a path named "__proto__" stays data.
  return Object.fromEntries(lists);
}
