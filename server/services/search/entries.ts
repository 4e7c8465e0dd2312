import { comparisonClosing, comparisonIntro, fuels } from '@content/comparison.ts';
import { affiliations, contact, hero, howWeDoIt, overview, services, solutions, tools } from '@content/home.ts';
import { glossaryCategoryLabels, knowledgeBaseTabs } from '@content/knowledge-base.ts';
import { joinOurTeam, leadershipIntro } from '@content/leaders.ts';
import { type PageKey, pages } from '@content/pages.ts';
import { type TutorialStep, tutorialSteps } from '@content/tutorial.ts';
import { virtualPipeline } from '@content/virtual-pipeline.ts';
import { leaseWhyChoose, vpvLease, vpvLeaseSandbox } from '@content/vpv-lease.ts';
import { marketWhyChoose, vpvMarket, vpvMarketSandbox } from '@content/vpv-market.ts';
import { glossaryAnchor } from '@domain/glossary/anchor.ts';
import { type GlossaryTerm, splitList } from '@domain/glossary/term.ts';
import { LEADER_LIMITS } from '@domain/site-content/schemas.ts';
import type { Associations, FaqEntry, Leader, SeoEntries } from '@domain/site-content/types.ts';
import type { SearchEntry } from './search-index.ts';

/** What each source puts in the search index (docs/search.md, "What is indexed"): plain builders, no database. */

/** Words written with hyphens also as one word ("boil-off" → "boiloff"), so either spelling finds them. */
export function hyphenCompounds(text: string): string[] {
  const compounds = new Set<string>();
  for (const match of text.matchAll(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+/gu)) compounds.add(match[0].replaceAll('-', ''));
  return [...compounds];
}

/** The verb of a term named by its noun ("Regasification" → "regasify"), which a visitor types and the stemmer does not join to it. */
export function verbForms(text: string): string[] {
  const forms = new Set<string>();
  for (const match of text.toLowerCase().matchAll(/\p{L}{3,}(?:ification|ization|isation)\b/gu)) {
    const word = match[0];
    forms.add(word.replace(/ification$/, 'ify').replace(/ization$/, 'ize').replace(/isation$/, 'ise'));
  }
  return [...forms];
}

function joinKeywords(parts: readonly string[]): string {
  return [...new Set(parts.map((part) => part.trim()).filter(Boolean))].join(', ');
}

export function glossaryEntries(term: Pick<GlossaryTerm, 'id' | 'term' | 'definition' | 'category' | 'synonyms'>): SearchEntry[] {
  const label = glossaryCategoryLabels[term.category];
  const synonyms = splitList(term.synonyms);
  return [
    {
      kind: 'glossary',
      sourceId: String(term.id),
      part: 0,
      title: term.term,
      keywords: joinKeywords([...synonyms, ...hyphenCompounds([term.term, ...synonyms].join(' ')), ...verbForms([term.term, ...synonyms].join(' ')), label]),
      body: term.definition,
      url: `/knowledge-base#${glossaryAnchor(term.term)}`,
      label,
    },
  ];
}

export const FAQ_LABEL = 'FAQ';

export function faqEntries(entry: FaqEntry): SearchEntry[] {
  return [
    {
      kind: 'faq',
      sourceId: entry.id,
      part: 0,
      title: entry.question,
      keywords: joinKeywords(hyphenCompounds(`${entry.question} ${entry.answer}`)),
      body: entry.answer,
      url: `/knowledge-base?tab=faq#faq-${encodeURIComponent(entry.id)}`,
      label: FAQ_LABEL,
    },
  ];
}

/** Every text a tutorial step shows: summary, facts, uses or stages. */
function stepText(step: TutorialStep): string {
  if (step.kind === 'molecule') {
    return [step.formula, step.summary, ...step.facts.map((fact) => `${fact.label}: ${fact.value}.`), ...step.uses.map((use) => `${use}.`)].join('\n');
  }
  return [step.summary, ...step.stages.map((stage) => `${stage.title}: ${stage.text}`)].join('\n');
}

/** The tutorial's steps, one source each, numbered from 1 like the dialog's URL. */
export function tutorialEntries(steps: readonly TutorialStep[] = tutorialSteps): SearchEntry[] {
  return steps.map((step, index) => {
    const body = stepText(step);
    return {
      kind: 'tutorial',
      sourceId: String(index + 1),
      part: 0,
      title: step.title,
      keywords: joinKeywords(hyphenCompounds(`${step.title} ${body}`)),
      body,
      url: `/knowledge-base?tab=tutorials#tutorial-step-${index + 1}`,
      label: `Step ${index + 1} of ${steps.length}`,
    };
  });
}

/** What a document's entries are built from: its row's fields and the text of its PDF pages. */
export interface DocumentSource {
  id: number;
  title: string;
  description: string | null;
  category: string;
  /** Text per PDF page, 1-based page numbers; empty for other files and PDFs without text. */
  pages: ReadonlyArray<{ page: number; text: string }>;
}

function documentCategoryLabel(category: string): string | undefined {
  return knowledgeBaseTabs.find((tab) => tab.id === category)?.label;
}

/** Part 0: title and description; part n: the text of PDF page n (pages without text are left out). */
export function documentEntries(document: DocumentSource): SearchEntry[] {
  const label = documentCategoryLabel(document.category);
  const base = {
    kind: 'document' as const,
    sourceId: String(document.id),
    title: document.title,
    url: `/knowledge-base?tab=${encodeURIComponent(document.category)}#document-${document.id}`,
    ...(label ? { label } : {}),
  };
  const description = document.description ?? '';
  // The title again in part 0's keywords, so a match on the title alone ranks the document above its pages.
  const entries: SearchEntry[] = [{ ...base, part: 0, keywords: joinKeywords([document.title, ...hyphenCompounds(`${document.title} ${description}`)]), body: description }];
  for (const { page, text } of document.pages) {
    if (text.trim() === '') continue;
    entries.push({ ...base, part: page, keywords: '', body: text });
  }
  return entries;
}

// ------------------------------------------------------------------ public pages

/** Keys whose values are not visible words: icons, links, image names, ids. */
const NOT_TEXT = new Set(['icon', 'href', 'screenshot', 'id', 'kind', 'image', 'src', 'unit', 'published', 'modified', 'tocLabel', 'carbons']);

/** Every visible string inside a piece of content/*.ts, in order, one per line. */
export function textOf(value: unknown): string {
  const out: string[] = [];
  const walk = (item: unknown, key?: string) => {
    if (key !== undefined && NOT_TEXT.has(key)) return;
    if (typeof item === 'string') out.push(item);
    else if (Array.isArray(item)) for (const child of item) walk(child);
    else if (typeof item === 'object' && item !== null) for (const [childKey, child] of Object.entries(item)) walk(child, childKey);
  };
  walk(value);
  return out.join('\n');
}

/** The same rule as the platform pages' feature anchors (app/features/platforms/tool-feature-list.tsx). */
export function featureAnchor(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** One section of a public page: where it is (its element id), its heading and what it says. */
interface PageSection {
  id: string;
  heading: string;
  content: unknown;
}

interface PageOutline {
  key: PageKey;
  /** The page's opening (hero, intro), found as the page itself. */
  intro: unknown;
  sections: PageSection[];
}

function features(items: ReadonlyArray<{ title: string }>): PageSection[] {
  return items.map((item) => ({ id: featureAnchor(item.title), heading: item.title, content: item }));
}

/** The public pages and their sections with an id the pages render (app/features, app/routes), for the search to link to. */
const PAGE_OUTLINES: PageOutline[] = [
  {
    key: 'home',
    intro: hero,
    sections: [
      { id: 'overview', heading: overview.heading, content: overview },
      { id: 'services', heading: services.heading, content: services },
      { id: 'how-we-do-it', heading: howWeDoIt.heading, content: howWeDoIt },
      { id: 'solutions', heading: solutions.heading, content: solutions },
      { id: 'tools', heading: tools.heading, content: tools },
      { id: 'contact', heading: contact.heading, content: contact },
    ],
  },
  { key: 'leadership', intro: leadershipIntro, sections: [{ id: 'join-our-team', heading: joinOurTeam.heading, content: joinOurTeam }] },
  { key: 'knowledgeBase', intro: '', sections: [] },
  {
    key: 'vpvMarket',
    intro: [vpvMarket.hero, vpvMarket.capabilities, vpvMarket.features, marketWhyChoose],
    sections: [
      { id: 'market-pricing-title', heading: vpvMarket.pricing.title, content: vpvMarket.pricing },
      { id: 'get-started', heading: vpvMarket.cta.title, content: vpvMarket.cta },
    ],
  },
  {
    key: 'vpvLease',
    intro: [vpvLease.hero, vpvLease.features, leaseWhyChoose, vpvLease.cta],
    sections: [
      {
        id: 'equipment-and-logistics',
        heading: vpvLease.offer.title,
        content: [vpvLease.offer, vpvLease.equipmentLeasing, vpvLease.logisticsServices],
      },
    ],
  },
  {
    key: 'vpvMarketSandbox',
    intro: [vpvMarketSandbox.hero, vpvMarketSandbox.cta],
    sections: [{ id: 'tool-features', heading: vpvMarketSandbox.features.title, content: vpvMarketSandbox.features.lead }, ...features(vpvMarketSandbox.features.items)],
  },
  {
    key: 'vpvLeaseSandbox',
    intro: [vpvLeaseSandbox.hero, vpvLeaseSandbox.cta],
    sections: [{ id: 'platform-features', heading: vpvLeaseSandbox.features.title, content: vpvLeaseSandbox.features.lead }, ...features(vpvLeaseSandbox.features.items)],
  },
  {
    key: 'virtualPipeline',
    intro: [virtualPipeline.subtitle, virtualPipeline.intro],
    sections: [virtualPipeline.whatIsLng, virtualPipeline.density, virtualPipeline.purity, virtualPipeline.process, virtualPipeline.applications, virtualPipeline.tradeoffs].map(
      (section) => ({ id: section.id, heading: section.title, content: section }),
    ),
  },
  {
    key: 'lngVsCng',
    intro: [comparisonIntro, fuels],
    sections: [{ id: 'which-fuel', heading: comparisonClosing.heading, content: comparisonClosing }],
  },
  { key: 'sitemap', intro: '', sections: [] },
];

/** Each public page (source id: its path; with its `seo`, else content/pages.ts's defaults) and each of its sections (`<path>#<id>`). */
export function pageEntries(seo?: Partial<SeoEntries> | null): SearchEntry[] {
  const entries: SearchEntry[] = [];
  for (const outline of PAGE_OUTLINES) {
    const meta = pages[outline.key];
    const pageSeo = seo?.[outline.key] ?? { title: meta.title, description: meta.description };
    const intro = textOf(outline.intro);
    entries.push({
      kind: 'page',
      sourceId: meta.path,
      part: 0,
      title: meta.heading,
      keywords: joinKeywords([...meta.keywords, pageSeo.title, ...hyphenCompounds(`${meta.heading} ${intro}`)]),
      body: [pageSeo.description, intro].filter(Boolean).join('\n'),
      url: meta.path,
      label: pageLabel(meta.path),
    });
    for (const section of outline.sections) {
      const body = textOf(section.content);
      entries.push({
        kind: 'page',
        sourceId: `${meta.path}#${section.id}`,
        part: 0,
        title: section.heading,
        keywords: joinKeywords(hyphenCompounds(`${section.heading} ${body}`)),
        body,
        url: `${meta.path}#${section.id}`,
        label: pageLabel(meta.path),
      });
    }
  }
  return entries;
}

// ------------------------------------------------------------------ published page content

/** The leadership page's card of the leader at `position` (0-based): its heading's id (app/routes/leadership.tsx). */
export const leaderSourceId = (position: number) => `/leadership#leader-${position + 1}`;

/** Each published leader as a section of the leadership page, at its card (numbered by position, so a publish replaces every position). */
export function leaderEntries(leaders: readonly Leader[]): SearchEntry[] {
  return leaders.map((leader, position) => ({
    kind: 'page',
    sourceId: leaderSourceId(position),
    part: 0,
    title: leader.name,
    keywords: joinKeywords([leader.title, ...hyphenCompounds(`${leader.title} ${leader.bio}`)]),
    body: leader.bio,
    url: leaderSourceId(position),
    label: pageLabel(pages.leadership.path),
  }));
}

/** Every position a leader's entry can have: what a publish of the leaders clears first. */
export function leaderSourceIds(): string[] {
  return Array.from({ length: LEADER_LIMITS.count }, (_, position) => leaderSourceId(position));
}

export const ASSOCIATIONS_SOURCE_ID = '/#associations';

/** The home page's affiliations section as published: the member organizations and associated companies by name. */
export function associationEntries(associations: Associations): SearchEntry[] {
  const names = (list: Associations['associations']) => list.map((entry) => entry.name).join('\n');
  return [
    {
      kind: 'page',
      sourceId: ASSOCIATIONS_SOURCE_ID,
      part: 0,
      title: affiliations.heading,
      keywords: joinKeywords([affiliations.associations.heading, affiliations.companies.heading]),
      body: [affiliations.lead, names(associations.associations), names(associations.companies)].filter(Boolean).join('\n'),
      url: ASSOCIATIONS_SOURCE_ID,
      label: pageLabel('/'),
    },
  ];
}

/** The page a section is on, as the label beside it: its main heading ("VPV Market"). */
function pageLabel(path: string): string {
  const page = Object.values(pages).find((meta) => meta.path === path);
  return page ? (path === '/' ? 'Home' : page.heading) : path;
}

/** The paths of the pages whose entries carry `seo` (a publish of `seo` replaces these sources). */
export function pagePaths(): string[] {
  return PAGE_OUTLINES.map((outline) => pages[outline.key].path);
}

/** Groups entries by source, for replaceSource: `kind:sourceId` → entries. */
export function bySource(entries: readonly SearchEntry[]): Map<string, SearchEntry[]> {
  const sources = new Map<string, SearchEntry[]>();
  for (const entry of entries) {
    const key = `${entry.kind}:${entry.sourceId}`;
    const list = sources.get(key);
    if (list) list.push(entry);
    else sources.set(key, [entry]);
  }
  return sources;
}
