import { searchCopy, searchKindLabels } from '@content/search';
import { SEARCH_QUERY_MAX_CHARS, type SearchHit, type SearchResponse } from '@domain/search/types';
import { Search } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { ExcerptText, showsLabel } from './excerpt';
import { searchPageHref } from './search-href';
import type { SearchPageData } from './search-page';

/**
 * The knowledge base's results page (`/knowledge-base?search=<q>`, docs/search.md, What
 * visitors see): rendered on the server, so it works without JavaScript and is what the
 * home page's SearchAction and the header's search lead to. A GET form to refine, then the
 * hits grouped by kind, or why there are none.
 */
export function SearchResults({ data }: { data: SearchPageData }) {
  const id = useId();
  const { query, response, failed } = data;
  const hasQuery = query.trim() !== '';
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-8">
      <h2 id={`${id}-heading`} className="text-2xl font-bold tracking-tight break-words sm:text-3xl">
        {hasQuery ? searchCopy.heading(query.trim()) : searchCopy.emptyHeading}
      </h2>
      <SearchForm id={id} query={query} />
      {failed ? <Notice>{searchCopy.failed}</Notice> : null}
      {!hasQuery ? <Notice>{searchCopy.emptyQuery}</Notice> : null}
      {response ? <ResponseView response={response} /> : null}
    </section>
  );
}

function SearchForm({ id, query }: { id: string; query: string }) {
  return (
    <form
      method="get"
      action="/knowledge-base"
      role="search"
      aria-label={searchCopy.formLabel}
      className="mt-5 flex flex-col gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:flex-row sm:items-end"
    >
      <div className="min-w-0 flex-1">
        <label htmlFor={`${id}-q`} className="block text-sm font-semibold text-ink">
          {searchCopy.inputLabel}
        </label>
        <div className="relative">
          <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 mt-0.5 h-4 w-4 -translate-y-1/2 text-slate-500" />
          <Input
            id={`${id}-q`}
            type="search"
            name="search"
            defaultValue={query}
            placeholder={searchCopy.placeholder}
            maxLength={SEARCH_QUERY_MAX_CHARS}
            autoComplete="off"
            className="pl-9"
          />
        </div>
      </div>
      <Button type="submit">{searchCopy.submit}</Button>
    </form>
  );
}

function ResponseView({ response }: { response: SearchResponse }) {
  if (response.total === 0) {
    return (
      <div className="mt-6 rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-700">
        <p className="font-semibold text-ink">{searchCopy.noResults(response.query)}</p>
        {response.suggestion ? <DidYouMean suggestion={response.suggestion} /> : null}
        <p className="mt-3 text-sm">{searchCopy.noResultsHint}</p>
        <p className="mt-4">
          <Link to="/knowledge-base" className="font-semibold text-brand-700 underline underline-offset-2">
            {searchCopy.browseGlossary}
          </Link>
        </p>
      </div>
    );
  }
  return (
    <>
      <p role="status" className="mt-4 text-sm text-slate-600">
        {searchCopy.resultCount(response.total)}
      </p>
      {response.correctedQuery ? (
        <p className="mt-2 text-slate-700">
          {searchCopy.showingResultsFor} <strong className="font-semibold text-ink">{response.correctedQuery}</strong>
        </p>
      ) : null}
      {response.groups.map((group) => (
        <section key={group.kind} aria-labelledby={`search-group-${group.kind}`} className="mt-8">
          <h3 id={`search-group-${group.kind}`} className="flex items-baseline gap-2 text-xl font-bold">
            {searchKindLabels[group.kind]}
            <span className="text-sm font-medium text-slate-600">({group.hits.length})</span>
          </h3>
          <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {group.hits.map((hit) => (
              <HitItem key={hit.id} hit={hit} />
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

function HitItem({ hit }: { hit: SearchHit }) {
  return (
    <li className="p-4 sm:p-5">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <Link to={hit.url} className="text-lg font-semibold break-words text-brand-700 underline-offset-2 hover:underline">
          {hit.title}
        </Link>
        {showsLabel(hit) ? (
          <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700 ring-1 ring-brand-200">{hit.label}</span>
        ) : null}
        {hit.page ? <span className="text-xs font-semibold text-slate-600">{searchCopy.pageLabel(hit.page)}</span> : null}
      </div>
      {hit.excerpt.length > 0 ? (
        <p className="mt-1.5 text-sm leading-relaxed break-words text-slate-700">
          <ExcerptText excerpt={hit.excerpt} />
        </p>
      ) : null}
    </li>
  );
}

function DidYouMean({ suggestion }: { suggestion: string }) {
  return (
    <p className="mt-3">
      {searchCopy.didYouMean}{' '}
      <Link to={searchPageHref(suggestion)} className="font-semibold text-brand-700 underline underline-offset-2">
        {suggestion}
      </Link>
      ?
    </p>
  );
}

function Notice({ children }: { children: string }) {
  return <p className="mt-6 rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-700">{children}</p>;
}
