import { glossaryCategoryLabels, glossaryCopy } from '@content/knowledge-base';
import { GLOSSARY_CATEGORIES, GLOSSARY_LIMITS, type GlossaryCategoryFilter, type GlossaryTerm, isGlossaryCategory } from '@domain/glossary/term';
import { withoutForbiddenOneLine } from '@domain/text-characters';
import { Plus, Search } from 'lucide-react';
import { type FormEvent, lazy, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useRevalidator, useSearchParams } from 'react-router';
import { ClientOnly } from '~/components/client-only';
import { Button } from '~/components/ui/button';
import { Field, Input, Select } from '~/components/ui/input';
import { toast } from '~/lib/toast';
import { useAdminWith } from '~/lib/use-admin';
import type { GlossaryPageData } from './glossary-data';
import { SEARCH_URL_DEBOUNCE_MS, anchorIds, filterTerms, relatedLinks } from './glossary-filter';
import type { GlossaryFormState } from './glossary-term-form';
import { GlossaryTermCard } from './glossary-term-card';
import { KNOWLEDGE_BASE_PATH } from './tabs';
import { scrollToId, useHashTarget } from './use-hash-target';

// Admin-only controls load when an admin first needs them, so visitors download neither them
// nor Zod (decision 016).
const GlossaryTermForm = lazy(() => import('./glossary-term-form').then((module) => ({ default: module.GlossaryTermForm })));
const DeleteTermDialog = lazy(() => import('./delete-term-dialog').then((module) => ({ default: module.DeleteTermDialog })));

/**
 * The glossary tab. The server renders the list for ?search= and ?category=; in the
 * browser, typing filters the loaded terms at once and, after a pause, updates the URL so
 * the loader fetches the full result for the new search. Without JavaScript the search
 * bar is an ordinary GET form.
 */
export function GlossaryPanel({ data }: { data: GlossaryPageData }) {
  // Editing controls only for roles that may change the glossary (docs/admin.md, "Roles").
  const admin = useAdminWith('glossary:edit');
  const revalidator = useRevalidator();
  const id = useId();
  const { search, category, setSearch, setCategory, commitNow } = useGlossaryFilters(data);
  const [form, setForm] = useState<GlossaryFormState>({ mode: 'hidden' });
  const [deleting, setDeleting] = useState<GlossaryTerm | null>(null);

  const shown = useMemo(() => filterTerms(data.terms, search, category), [data.terms, search, category]);
  const ids = useMemo(() => anchorIds(data.terms), [data.terms]);
  const hashTarget = useHashTarget();

  // A card named by the address (a search hit, a related-term link) comes into view once it is there.
  useEffect(() => {
    if (hashTarget?.startsWith('term-')) scrollToId(hashTarget);
  }, [hashTarget, data.terms]);

  // Each list that could not be fetched is reported once (a failed Try again too: new data each time).
  useEffect(() => {
    if (data.failed) toast({ title: glossaryCopy.fetchFailed, description: glossaryCopy.fetchFailedHint, variant: 'destructive' });
  }, [data]);

  // The server's list is the truth after a change: revalidating re-runs the loader.
  const refresh = () => void revalidator.revalidate();

  return (
    <section aria-labelledby={`${id}-heading`}>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id={`${id}-heading`} className="text-2xl font-bold tracking-tight sm:text-3xl">
            {glossaryCopy.heading}
          </h2>
          <p className="mt-2 max-w-2xl text-slate-700">{glossaryCopy.intro}</p>
        </div>
        {admin && form.mode === 'hidden' ? (
          <Button onClick={() => setForm({ mode: 'add' })}>
            <Plus aria-hidden="true" className="h-4 w-4" /> Add Term
          </Button>
        ) : null}
      </div>

      <form
        method="get"
        action={KNOWLEDGE_BASE_PATH}
        role="search"
        aria-label="Glossary"
        onSubmit={(event: FormEvent<HTMLFormElement>) => {
          event.preventDefault();
          commitNow();
        }}
        className="mt-6 grid gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-[1fr_14rem_auto] sm:items-end"
      >
        {/* Without a tab, ?search= is the whole knowledge base's search (docs/glossary.md, Search). */}
        <input type="hidden" name="tab" value="glossary" />
        <Field id={`${id}-search`} label={glossaryCopy.searchLabel}>
          {(control) => (
            <div className="relative">
              <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 mt-0.5 h-4 w-4 -translate-y-1/2 text-slate-500" />
              <Input
                {...control}
                type="search"
                name="search"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                placeholder={glossaryCopy.searchPlaceholder}
                maxLength={GLOSSARY_LIMITS.search}
                autoComplete="off"
                className="pl-9"
              />
            </div>
          )}
        </Field>
        <Field id={`${id}-category`} label={glossaryCopy.categoryLabel}>
          {(control) => (
            <Select
              {...control}
              name="category"
              value={category}
              onChange={(event) => setCategory(isGlossaryCategory(event.target.value) ? event.target.value : 'all')}
            >
              <option value="all">{glossaryCopy.allCategories}</option>
              {GLOSSARY_CATEGORIES.map((value) => (
                <option key={value} value={value}>
                  {glossaryCategoryLabels[value]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Button type="submit" variant="outline">
          {glossaryCopy.searchButton}
        </Button>
      </form>

      <p role="status" className="mt-4 text-sm text-slate-600">
        {data.failed ? '' : glossaryCopy.resultCount(shown.length)}
      </p>

      {admin && form.mode !== 'hidden' ? (
        <div className="mt-4">
          <ClientOnly>
            <GlossaryTermForm
              key={form.mode === 'edit' ? form.term.id : 'new'}
              state={form}
              onCancel={() => setForm({ mode: 'hidden' })}
              onSaved={() => {
                setForm({ mode: 'hidden' });
                refresh();
              }}
            />
          </ClientOnly>
        </div>
      ) : null}

      {data.failed ? (
        <div className="mt-4 rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">
          <p>{glossaryCopy.loadFailed}</p>
          <Button variant="outline" size="sm" className="mt-4" onClick={refresh} disabled={revalidator.state === 'loading'}>
            {glossaryCopy.retry}
          </Button>
        </div>
      ) : (
        <GlossaryResults data={data} shown={shown} ids={ids} hashTarget={hashTarget} admin={admin !== null} onEdit={(term) => setForm({ mode: 'edit', term })} onDelete={setDeleting} />
      )}

      {admin ? (
        <ClientOnly>
          <DeleteTermDialog term={deleting} onClose={() => setDeleting(null)} onDeleted={refresh} />
        </ClientOnly>
      ) : null}
    </section>
  );
}

function GlossaryResults({
  data,
  shown,
  ids,
  hashTarget,
  admin,
  onEdit,
  onDelete,
}: {
  data: GlossaryPageData;
  shown: GlossaryTerm[];
  ids: Map<number, string>;
  hashTarget: string | null;
  admin: boolean;
  onEdit: (term: GlossaryTerm) => void;
  onDelete: (term: GlossaryTerm) => void;
}) {
  if (data.total === 0) return <EmptyState>{glossaryCopy.emptyAll}</EmptyState>;
  if (shown.length === 0) return <EmptyState>{glossaryCopy.emptyFiltered}</EmptyState>;
  // With no search and no category the page holds the whole glossary, so a related name that is no term is known to be one.
  const everyTerm = data.search === '' && data.category === 'all' ? data.terms : undefined;
  return (
    // group: a card named by the address turns content-visibility off for all (glossary-term-card.tsx).
    <div className="group mt-4 grid gap-4 md:grid-cols-2">
      {shown.map((term) => {
        const anchorId = ids.get(term.id) ?? `term-${term.id}`;
        return (
        <GlossaryTermCard
          key={term.id}
          term={term}
          anchorId={anchorId}
          targeted={hashTarget === anchorId}
          related={relatedLinks(term, shown, ids, KNOWLEDGE_BASE_PATH, everyTerm)}
          admin={admin ? { onEdit, onDelete } : undefined}
        />
        );
      })}
    </div>
  );
}

function EmptyState({ children }: { children: string }) {
  return <p className="mt-4 rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">{children}</p>;
}

/**
 * The search box and category as local state that leads the URL: every keystroke filters
 * at once, and the URL follows after a pause (replace, no scroll reset). A URL change
 * from elsewhere (back button, a related-term link) flows back into the fields.
 */
function useGlossaryFilters(data: GlossaryPageData) {
  const [params, setParams] = useSearchParams();
  // A hand-made URL's search with control characters is refused by the loader (a 400, no
  // terms); the box shows it without them, so the page never echoes NULs into its HTML.
  const urlSearch = withoutForbiddenOneLine(params.get('search') ?? '');
  const [search, setSearchState] = useState(urlSearch);
  const [category, setCategoryState] = useState<GlossaryCategoryFilter>(data.category);
  const lastPushed = useRef(urlSearch);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (urlSearch === lastPushed.current) return;
    lastPushed.current = urlSearch;
    setSearchState(urlSearch);
  }, [urlSearch]);
  useEffect(() => setCategoryState(data.category), [data.category]);
  useEffect(() => () => clearTimeout(timer.current), []);

  function push(nextSearch: string, nextCategory: GlossaryCategoryFilter) {
    clearTimeout(timer.current);
    lastPushed.current = nextSearch;
    setParams(
      (previous) => {
        // ?search= without a tab is the search over the whole knowledge base, so the
        // glossary's own search names its tab (docs/glossary.md, Search).
        const next = new URLSearchParams(previous);
        next.delete('tab');
        next.delete('search');
        next.delete('category');
        if (nextSearch.trim() || nextCategory !== 'all') next.set('tab', 'glossary');
        if (nextSearch.trim()) next.set('search', nextSearch);
        if (nextCategory !== 'all') next.set('category', nextCategory);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  return {
    search,
    category,
    setSearch(typed: string) {
      // Like the browser's own removal of line breaks from a search box: pasted tabs and
      // other controls never reach the URL, where the loader would refuse them.
      const value = withoutForbiddenOneLine(typed);
      setSearchState(value);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => push(value, category), SEARCH_URL_DEBOUNCE_MS);
    },
    setCategory(value: GlossaryCategoryFilter) {
      setCategoryState(value);
      push(search, value);
    },
    commitNow() {
      push(search, category);
    },
  };
}
