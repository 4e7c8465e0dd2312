import { faqItems, type FaqCategory as ContentFaqCategory } from '@content/faq.ts';
import { affiliations } from '@content/home.ts';
import { leaders } from '@content/leaders.ts';
import { pages, type PageKey as ContentPageKey } from '@content/pages.ts';
import { site } from '@content/site.ts';
import type { AssociationEntry, FaqCategory, PageKey, SiteContentData, SiteContentKind } from '@domain/site-content/types.ts';
import { PAGE_KEYS } from '@domain/site-content/types.ts';

/**
 * The starting data of a new database (docs/site-content.md, "Seed"): the facts and lists
 * content/*.ts held before they became editable. Written as version 1 of each kind that has
 * no row yet; after that the database is the source and these values are only the fallback
 * of a row that cannot be read.
 */

/** Both directions at compile time: the domain's lists and content's names may not drift apart. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const faqCategoriesAgree: Same<FaqCategory, ContentFaqCategory> = true;
const pageKeysAgree: Same<PageKey, ContentPageKey> = true;
void faqCategoriesAgree;
void pageKeysAgree;

function entries(prefix: string, names: readonly string[]): AssociationEntry[] {
  return names.map((name, index) => ({ id: `${prefix}-${index + 1}`, name, url: null }));
}

export function seedSiteContent(): SiteContentData {
  return {
    company: {
      name: site.name,
      legalName: site.legalName,
      description: site.description,
      salesEmail: site.email.sales,
      phone: { display: site.phone.display, tel: site.phone.tel },
      address: { ...site.address },
      equipmentStoreUrl: site.rentalStoreUrl,
    },
    leaders: leaders.map((leader, index) => ({
      id: `leader-${index + 1}`,
      name: leader.name,
      title: leader.title,
      bio: leader.bio,
      profileUrl: leader.linkedin,
      email: leader.email,
      photo: null,
    })),
    faq: faqItems.map((item, index) => ({ id: `faq-${index + 1}`, question: item.question, answer: item.answer, category: item.category })),
    associations: {
      associations: entries('association', affiliations.associations.names),
      companies: entries('company', affiliations.companies.names),
    },
    seo: Object.fromEntries(PAGE_KEYS.map((key) => [key, { title: pages[key].title, description: pages[key].description }])) as SiteContentData['seo'],
  };
}

/** One kind of the seed. */
export function seedOf<K extends SiteContentKind>(kind: K): SiteContentData[K] {
  return seedSiteContent()[kind];
}
