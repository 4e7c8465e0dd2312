/**
 * Copy of the knowledge base (docs/knowledge-base.md): the tab bar, the glossary, the document tabs and
 * the calculators. The FAQ and the tutorial have their own files (faq.ts, tutorial.ts).
 */

/** The tabs every visitor sees, in order; the first is the default. */
export const knowledgeBaseTabs = [
  { id: 'glossary', label: 'Glossary' },
  { id: 'calculators', label: 'Calculators' },
  { id: 'infographics', label: 'Infographics' },
  { id: 'articles', label: 'Articles' },
  { id: 'spec-sheets', label: 'Brochures' },
  { id: 'social-content', label: 'Social Content' },
  { id: 'tutorials', label: 'Tutorials' },
  { id: 'faq', label: 'FAQ' },
] as const;

/** The admin's extra first tab, listing every document. */
export const allDocumentsTab = { id: 'all', label: 'All Documents' } as const;

export const tabBarLabel = 'Knowledge base sections';

export const glossaryCopy = {
  heading: 'Industry Glossary',
  intro: 'Plain definitions of the LNG, NGL, pipeline, processing, transportation and storage terms we use every day.',
  searchLabel: 'Search terms',
  searchPlaceholder: 'Search terms, definitions or synonyms…',
  searchButton: 'Search',
  categoryLabel: 'Category',
  allCategories: 'All Categories',
  emptyAll: 'No glossary terms available yet.',
  emptyFiltered: 'No terms found matching your search criteria.',
  /** The failure notice (docs/knowledge-base.md), and what the list says instead of terms, when they could not be fetched. */
  fetchFailed: 'Failed to fetch glossary terms',
  fetchFailedHint: 'Please try again in a moment.',
  loadFailed: 'The glossary could not be loaded. Please try again in a moment.',
  retry: 'Try again',
  synonymsLabel: 'Also known as',
  relatedLabel: 'Related terms',
  resultCount: (shown: number) => (shown === 1 ? '1 term' : `${shown} terms`),
} as const;

export const glossaryCategoryLabels = {
  lng: 'LNG',
  ngl: 'NGL',
  pipeline: 'Pipeline',
  processing: 'Processing',
  transportation: 'Transportation',
  storage: 'Storage',
  general: 'General',
} as const;

/** Headings and intros of the document tabs (the lists themselves come from the documents area). */
export const documentTabCopy = {
  all: { heading: 'All Documents', intro: 'Every document in the library, in every category.' },
  infographics: { heading: 'Infographics', intro: 'Visual guides to LNG, NGL and the virtual pipeline.' },
  articles: { heading: 'Articles', intro: 'Articles and white papers from our team.' },
  'spec-sheets': { heading: 'Brochures', intro: 'Brochures and equipment specification sheets to download.' },
  'social-content': { heading: 'Social Content', intro: 'Posts, graphics and short reads to share.' },
} as const;

export const calculatorsCopy = {
  heading: 'Calculators',
  intro: 'Quick estimates for planning conversations. Results update as you type; they are rules of thumb, not quotes.',
  equivalence: {
    heading: 'LNG, CNG and pipeline gas equivalence',
    intro: 'Enter a quantity of gas in any form to see the same gas as LNG, CNG and pipeline gas, and how many truckloads it takes.',
    amountLabel: 'Quantity',
    formLabel: 'Measured as',
    forms: {
      lng: 'LNG (US gallons)',
      cng: 'CNG (US gallons of compressed gas)',
      pipeline: 'Pipeline gas (standard cubic feet)',
    },
    resultsHeading: 'Equivalent quantities',
  },
  netback: {
    heading: 'NGL netback',
    intro: 'Price minus fractionation and transport fees gives what you keep per gallon; times volume gives what you keep per month.',
    priceLabel: 'NGL price ($ per gallon)',
    fractionationLabel: 'Fractionation fee ($ per gallon)',
    transportLabel: 'Transport fee ($ per gallon)',
    volumeLabel: 'Monthly volume',
    volumeUnitLabel: 'Volume unit',
    volumeUnits: { gal: 'US gallons per month', bbl: 'Barrels per month' },
    resultsHeading: 'Netback',
    negativeNote: 'The fees exceed the price: this volume loses money at these terms.',
  },
  calculate: 'Calculate',
  assumptionsHeading: 'Assumptions',
} as const;
