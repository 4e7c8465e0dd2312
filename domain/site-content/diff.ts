import type {
  AssociationEntry,
  CompanyFacts,
  ContentChange,
  FaqEntry,
  Leader,
  PageKey,
  SeoEntries,
  SiteContentData,
  SiteContentKind,
} from './types.ts';
import { PAGE_KEYS } from './types.ts';

/**
 * What changed between two versions of one kind, as lines a person reads in the History panel
 * (docs/site-content.md, "History"): `Phone` changed from … to …, `Leader "Rebecca Lin"` moved
 * from 4th to 2nd, `FAQ "What is VPV Lease?": answer` changed. List items are matched by id,
 * so an edited name is a change, not a removal and an addition.
 */
export function describeChanges<K extends SiteContentKind>(kind: K, before: SiteContentData[K], after: SiteContentData[K]): ContentChange[] {
  switch (kind) {
    case 'company':
      return companyChanges(before as CompanyFacts, after as CompanyFacts);
    case 'leaders':
      return listChanges(before as Leader[], after as Leader[], 'Leader', (leader) => leader.name, LEADER_FIELDS);
    case 'faq':
      return listChanges(before as FaqEntry[], after as FaqEntry[], 'FAQ', (entry) => entry.question, FAQ_FIELDS);
    case 'associations': {
      const [was, is] = [before as SiteContentData['associations'], after as SiteContentData['associations']];
      return [
        ...listChanges(was.associations, is.associations, 'Association', (entry) => entry.name, ASSOCIATION_FIELDS),
        ...listChanges(was.companies, is.companies, 'Associated company', (entry) => entry.name, ASSOCIATION_FIELDS),
      ];
    }
    case 'seo':
      return seoChanges(before as SeoEntries, after as SeoEntries);
    default:
      return [];
  }
}

type Field<T> = [label: string, read: (value: T) => string | null];

const COMPANY_FIELDS: Field<CompanyFacts>[] = [
  ['Name', (c) => c.name],
  ['Legal name', (c) => c.legalName],
  ['Description', (c) => c.description],
  ['Sales e-mail', (c) => c.salesEmail],
  ['Phone', (c) => c.phone.display],
  ['Phone (tap to call)', (c) => c.phone.tel],
  ['Street', (c) => c.address.street],
  ['City', (c) => c.address.city],
  ['State or region', (c) => c.address.region],
  ['State or region code', (c) => c.address.regionCode],
  ['Postal code', (c) => c.address.postalCode],
  ['Country', (c) => c.address.country],
  ['Equipment store link', (c) => c.equipmentStoreUrl],
];

const LEADER_FIELDS: Field<Leader>[] = [
  ['name', (l) => l.name],
  ['title', (l) => l.title],
  ['biography', (l) => l.bio],
  ['profile link', (l) => l.profileUrl],
  ['e-mail', (l) => l.email],
  ['photo', (l) => (l.photo ? 'a photo' : 'no photo')],
];

const FAQ_FIELDS: Field<FaqEntry>[] = [
  ['question', (f) => f.question],
  ['answer', (f) => f.answer],
  ['category', (f) => f.category],
];

const ASSOCIATION_FIELDS: Field<AssociationEntry>[] = [
  ['name', (a) => a.name],
  ['link', (a) => a.url],
];

/** How the History panel names each page (the admin's words, not the page's heading). */
export const PAGE_LABELS: Record<PageKey, string> = {
  home: 'Home',
  leadership: 'Leadership',
  knowledgeBase: 'Knowledge base',
  vpvMarket: 'VPV Market',
  vpvLease: 'VPV Lease',
  vpvMarketSandbox: 'VPV Market trading tool',
  vpvLeaseSandbox: 'VPV Lease platform',
  virtualPipeline: 'Virtual pipeline',
  lngVsCng: 'LNG vs CNG',
  sitemap: 'Sitemap',
};

function companyChanges(before: CompanyFacts, after: CompanyFacts): ContentChange[] {
  return fieldChanges(before, after, COMPANY_FIELDS, (label) => label);
}

function seoChanges(before: SeoEntries, after: SeoEntries): ContentChange[] {
  return PAGE_KEYS.flatMap((key) =>
    fieldChanges(
      before[key],
      after[key],
      [
        ['search title', (seo) => seo.title],
        ['search description', (seo) => seo.description],
      ],
      (label) => `${PAGE_LABELS[key]} page: ${label}`,
    ),
  );
}

function fieldChanges<T>(before: T | undefined, after: T | undefined, fields: Field<T>[], labelOf: (field: string) => string): ContentChange[] {
  const changes: ContentChange[] = [];
  for (const [label, read] of fields) {
    const was = before === undefined ? null : read(before);
    const is = after === undefined ? null : read(after);
    if (was !== is) changes.push({ label: labelOf(label), change: 'changed', before: was, after: is });
  }
  return changes;
}

/** 1 → '1st', 2 → '2nd', 11 → '11th', 23 → '23rd'. */
export function ordinal(position: number): string {
  const tens = position % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][position % 10] ?? 'th');
  return `${position}${suffix}`;
}

function listChanges<T extends { id: string }>(
  before: T[],
  after: T[],
  noun: string,
  nameOf: (item: T) => string,
  fields: Field<T>[],
): ContentChange[] {
  const label = (item: T) => `${noun} "${nameOf(item)}"`;
  const beforeById = new Map(before.map((item, index) => [item.id, { item, index }]));
  const afterById = new Map(after.map((item, index) => [item.id, { item, index }]));
  const changes: ContentChange[] = [];

  for (const item of before) {
    if (!afterById.has(item.id)) changes.push({ label: label(item), change: 'removed', before: nameOf(item), after: null });
  }
  const moved = movedIds(
    before.filter((item) => afterById.has(item.id)).map((item) => item.id),
    after.filter((item) => beforeById.has(item.id)).map((item) => item.id),
  );
  for (const [index, item] of after.entries()) {
    const old = beforeById.get(item.id);
    if (!old) {
      changes.push({ label: label(item), change: 'added', before: null, after: nameOf(item) });
      continue;
    }
    if (moved.has(item.id)) changes.push({ label: label(item), change: 'moved', before: ordinal(old.index + 1), after: ordinal(index + 1) });
    changes.push(...fieldChanges(old.item, item, fields, (field) => `${label(item)}: ${field}`));
  }
  return changes;
}

/**
 * The ids that changed place among the items both lists keep: those outside a longest common
 * subsequence of the two orders, so moving one item names that item alone, not every item
 * it passed.
 */
function movedIds(before: string[], after: string[]): Set<string> {
  const rows = before.length;
  const columns = after.length;
  const lengths: number[][] = Array.from({ length: rows + 1 }, () => new Array<number>(columns + 1).fill(0));
  for (let i = rows - 1; i >= 0; i--) {
    for (let j = columns - 1; j >= 0; j--) {
      const row = lengths[i] as number[];
      const next = lengths[i + 1] as number[];
      row[j] = before[i] === after[j] ? (next[j + 1] as number) + 1 : Math.max(next[j] as number, row[j + 1] as number);
    }
  }
  const kept = new Set<string>();
  let i = 0;
  let j = 0;
  while (i < rows && j < columns) {
    if (before[i] === after[j]) {
      kept.add(before[i] as string);
      i++;
      j++;
    } else if ((lengths[i + 1]?.[j] ?? 0) > (lengths[i]?.[j + 1] ?? 0)) i++;
    // On a tie the item that jumped ahead is the one that moved: "move up" names it alone.
    else j++;
  }
  return new Set(after.filter((id) => !kept.has(id)));
}
