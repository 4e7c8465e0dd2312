import { site } from '@content/site';
import type { CompanyFacts, Leader } from '@domain/site-content/types';
import { useRouteLoaderData } from 'react-router';
import type { RootData } from './root-data';
import type { SeoArgs } from './seo';

/**
 * The editable site content on public pages (docs/pages.md, Site content). Staff change it under
 * /admin/content; loaders send it (the root loader the company facts, each page its own part), and
 * components read it here instead of importing content/*.ts. Types only from
 * @domain/site-content: its schemas stay out of the visitor's JavaScript.
 */

/**
 * The company facts as content/site.ts seeds them: what the root error page shows when the
 * root loader itself failed (there is no stored data to read then).
 */
export const seedCompany: CompanyFacts = {
  name: site.name,
  legalName: site.legalName,
  description: site.description,
  salesEmail: site.email.sales,
  phone: { ...site.phone },
  address: { ...site.address },
  equipmentStoreUrl: site.rentalStoreUrl,
};

/**
 * The query parameter with which an admin previews the drafts (`?preview=drafts`; server/context.ts
 * decides). Not part of the page cache's key (server/page-cache/page-cache.ts): only an admin's
 * page differs with it, and an admin's requests never read or fill the cache.
 */
export const PREVIEW_PARAMETER = 'preview';

/** True when moving from one address to the other starts or ends a preview of the drafts. */
export function previewChanges(from: URL, to: URL): boolean {
  return from.searchParams.get(PREVIEW_PARAMETER) !== to.searchParams.get(PREVIEW_PARAMETER);
}

/** A leader as pages get one: the e-mail address stays on the server (kept for the company's records, never shown). */
export type PublicLeader = Omit<Leader, 'email'>;

/** The published company facts (or the drafts, when an admin previews), from the root loader. */
export function useCompany(): CompanyFacts {
  return useRouteLoaderData<RootData>('root')?.company ?? seedCompany;
}

/** True while an admin previews the drafts (`?preview=drafts`). */
export function usePreviewingDrafts(): boolean {
  return useRouteLoaderData<RootData>('root')?.previewingDrafts ?? false;
}

/** The root match's company facts in a meta function (seed values when the root loader failed). */
export function companyFrom(matches: SeoArgs['matches']): CompanyFacts {
  return matches[0]?.loaderData?.company ?? seedCompany;
}

/** `[street, "City, Region 12345"]`, the two lines of the address. */
export function addressLines(address: CompanyFacts['address']): [string, string] {
  return [address.street, `${address.city}, ${address.region} ${address.postalCode}`];
}
