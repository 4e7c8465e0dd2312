import { searchCopy, searchKindLabels } from '@content/search';
import { SEARCH_QUERY_MAX_CHARS, type SearchHit, type SearchResponse } from '@domain/search/types';
import { Loader2, Search } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { cn } from '~/lib/cn';
import { ExcerptText, showsLabel } from './excerpt';
import { searchPageHref } from './search-href';

/** How long typing waits before asking the server (docs/search.md, What visitors see). */
export const SEARCH_DEBOUNCE_MS = 150;
/** Hits per kind in the dialog; the results page shows more. */
export const DIALOG_LIMIT = 5;

type State =
  | { status: 'idle' }
  | { status: 'loading'; previous: SearchResponse | null }
  | { status: 'done'; response: SearchResponse }
  | { status: 'failed' };

/**
 * The header's search dialog (loaded on first open by header-search.tsx): a combobox whose
 * listbox shows the hits grouped by kind as the visitor types. Focus stays in the input;
 * ArrowUp/ArrowDown move the active option (aria-activedescendant), Enter opens it, or the
 * results page when none is active, Escape closes and focus returns where it was.
 */
export default function SearchDialog({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const id = useId();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [state, setState] = useState<State>({ status: 'idle' });
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const listbox = useRef<HTMLDivElement>(null);
  // A hit was chosen: focus goes to the page it opens, not back to the button.
  const navigating = useRef(false);

  useSearchAsYouType(query, setState, setActive);

  const response = state.status === 'done' ? state.response : state.status === 'loading' ? state.previous : null;
  const hits = useMemo(() => response?.groups.flatMap((group) => group.hits) ?? [], [response]);
  const optionId = (index: number) => `${id}-option-${index}`;
  const listboxId = `${id}-listbox`;
  const expanded = hits.length > 0;

  // The active option stays in view as the arrows move it.
  useEffect(() => {
    if (active < 0) return;
    document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
    // optionId only depends on id, which never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);

  function go(url: string) {
    navigating.current = true;
    onOpenChange(false);
    void navigate(url);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (hits.length === 0) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current < 0 && step < 0 ? hits.length - 1 : (current + step + hits.length) % hits.length));
      return;
    }
    if (event.key === 'Home' && active >= 0) {
      event.preventDefault();
      setActive(0);
      return;
    }
    if (event.key === 'End' && active >= 0) {
      event.preventDefault();
      setActive(hits.length - 1);
      return;
    }
    if (event.key === 'Enter') {
      event.preventDefault();
      const hit = active >= 0 ? hits[active] : undefined;
      if (hit) go(hit.url);
      else if (query.trim()) go(searchPageHref(query.trim()));
    }
  }

  let index = -1;
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-navy-950/70 backdrop-blur-[2px]" />
        <DialogPrimitive.Content
          aria-describedby={`${id}-hint`}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            input.current?.focus();
            input.current?.select();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (navigating.current) {
              navigating.current = false;
              return;
            }
            returnFocusTo.current?.focus();
          }}
          className={cn(
            'fixed inset-x-2 top-2 z-50 flex max-h-[calc(100dvh-1rem)] flex-col overflow-hidden rounded-xl bg-white shadow-2xl focus:outline-none',
            'sm:inset-x-auto sm:left-1/2 sm:top-[10vh] sm:max-h-[80vh] sm:w-[40rem] sm:-translate-x-1/2',
          )}
        >
          <DialogPrimitive.Title className="sr-only">{searchCopy.dialogTitle}</DialogPrimitive.Title>
          <p id={`${id}-hint`} className="sr-only">
            {searchCopy.dialogHint}
          </p>
          <div className="flex items-center gap-3 border-b border-slate-200 px-4">
            {state.status === 'loading' ? (
              <Loader2 aria-hidden="true" className="h-5 w-5 shrink-0 animate-spin text-brand-700" />
            ) : (
              <Search aria-hidden="true" className="h-5 w-5 shrink-0 text-slate-500" />
            )}
            <input
              ref={input}
              type="text"
              role="combobox"
              aria-label={searchCopy.dialogTitle}
              aria-expanded={expanded}
              aria-controls={listboxId}
              aria-autocomplete="list"
              aria-activedescendant={active >= 0 ? optionId(active) : undefined}
              value={query}
              maxLength={SEARCH_QUERY_MAX_CHARS}
              placeholder={searchCopy.placeholder}
              autoComplete="off"
              spellCheck={false}
              enterKeyHint="search"
              onChange={(event) => setQuery(event.target.value)}
              onKeyDown={onKeyDown}
              className="h-14 min-w-0 flex-1 bg-transparent text-base text-ink placeholder:text-slate-500 focus:outline-none"
            />
            <DialogPrimitive.Close className="rounded-md border border-slate-300 px-2 py-1 text-xs font-semibold text-slate-600 hover:bg-slate-100">
              <span aria-hidden="true">Esc</span>
              <span className="sr-only">{searchCopy.close}</span>
            </DialogPrimitive.Close>
          </div>

          {/* A tab stop of its own, so the list can be scrolled from the keyboard too (the arrows also bring the active option into view). */}
          <div
            role="region"
            aria-label={searchCopy.resultsRegion}
            tabIndex={0}
            className="min-h-0 flex-1 overflow-y-auto overscroll-contain focus-visible:outline-offset-[-2px]"
          >
            <div ref={listbox} id={listboxId} role="listbox" aria-label={searchCopy.dialogTitle} className={cn(!expanded && 'hidden')}>
              {response?.correctedQuery ? (
                <p className="px-4 pt-3 text-sm text-slate-700">
                  {searchCopy.showingResultsFor} <strong className="font-semibold text-ink">{response.correctedQuery}</strong>
                </p>
              ) : null}
              {response?.groups.map((group) => (
                <div key={group.kind} role="group" aria-labelledby={`${id}-group-${group.kind}`} className="py-2">
                  <div id={`${id}-group-${group.kind}`} role="presentation" className="px-4 pb-1 pt-2 text-xs font-semibold uppercase tracking-wider text-slate-600">
                    {searchKindLabels[group.kind]}
                  </div>
                  {group.hits.map((hit) => {
                    index += 1;
                    const position = index;
                    return (
                      <HitOption
                        key={hit.id}
                        id={optionId(position)}
                        hit={hit}
                        active={position === active}
                        onPoint={() => setActive(position)}
                        onChoose={() => go(hit.url)}
                      />
                    );
                  })}
                </div>
              ))}
            </div>
            <Status state={state} query={query} response={response} onSuggestion={(suggestion) => setQuery(suggestion)} />
          </div>

          {query.trim() ? (
            <div className="border-t border-slate-200 px-4 py-3 text-sm">
              <Link
                to={searchPageHref(query.trim())}
                onClick={() => {
                  navigating.current = true;
                  onOpenChange(false);
                }}
                className="font-semibold text-brand-700 underline-offset-2 hover:underline"
              >
                {searchCopy.seeAll(query.trim())}
              </Link>
            </div>
          ) : null}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function HitOption({ id, hit, active, onPoint, onChoose }: { id: string; hit: SearchHit; active: boolean; onPoint: () => void; onChoose: () => void }) {
  return (
    <div
      id={id}
      role="option"
      aria-selected={active}
      onPointerMove={onPoint}
      // The input keeps focus: a pointer press must not move it.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onChoose}
      className={cn('mx-2 cursor-pointer rounded-lg px-3 py-2', active ? 'bg-brand-50 ring-1 ring-brand-200' : 'hover:bg-slate-50')}
    >
      <div className="flex flex-wrap items-baseline gap-x-2">
        <span className="font-semibold text-ink">{hit.title}</span>
        {showsLabel(hit) ? <span className="text-xs font-medium text-slate-600">{hit.label}</span> : null}
        {hit.page ? <span className="text-xs font-medium text-slate-600">{searchCopy.pageLabel(hit.page)}</span> : null}
      </div>
      {hit.excerpt.length > 0 ? <ExcerptText excerpt={hit.excerpt} className="mt-0.5 line-clamp-2 block text-sm text-slate-700" /> : null}
    </div>
  );
}

/** Below the listbox: what the dialog is doing when it shows no hits, announced politely. */
function Status({
  state,
  query,
  response,
  onSuggestion,
}: {
  state: State;
  query: string;
  response: SearchResponse | null;
  onSuggestion: (suggestion: string) => void;
}) {
  let content: ReactNode = null;
  if (!query.trim()) content = <p>{searchCopy.typeToSearch}</p>;
  else if (state.status === 'failed') content = <p className="font-semibold text-red-700">{searchCopy.fetchFailed}</p>;
  else if (state.status === 'loading' && !response) content = <p>{searchCopy.loading}</p>;
  else if (response && response.total === 0) {
    content = (
      <>
        <p className="font-semibold text-ink">{searchCopy.noResults(response.query)}</p>
        {response.suggestion ? (
          <p className="mt-2">
            {searchCopy.didYouMean}{' '}
            <button
              type="button"
              onClick={() => onSuggestion(response.suggestion ?? '')}
              className="cursor-pointer font-semibold text-brand-700 underline underline-offset-2"
            >
              {response.suggestion}
            </button>
            ?
          </p>
        ) : null}
      </>
    );
  } else if (response) content = <p className="sr-only">{searchCopy.resultCount(response.total)}</p>;
  return (
    <div role="status" className={cn('text-sm text-slate-700', content ? 'px-4 py-6 text-center' : '')}>
      {content}
    </div>
  );
}

/**
 * Asks GET /api/search a moment after the last keystroke; a newer query aborts the older
 * request, so an answer that arrives late never replaces a newer one.
 */
function useSearchAsYouType(query: string, setState: (update: (previous: State) => State) => void, setActive: (index: number) => void) {
  useEffect(() => {
    const q = query.trim();
    setActive(-1);
    if (!q) {
      setState(() => ({ status: 'idle' }));
      return;
    }
    const controller = new AbortController();
    setState((previous) => ({ status: 'loading', previous: previous.status === 'done' ? previous.response : previous.status === 'loading' ? previous.previous : null }));
    const timer = setTimeout(() => {
      const params = new URLSearchParams({ q, limit: String(DIALOG_LIMIT) });
      fetch(`/api/search?${params}`, { signal: controller.signal, headers: { accept: 'application/json' } })
        .then(async (answer) => {
          if (!answer.ok) throw new Error(`search answered ${answer.status}`);
          const response = (await answer.json()) as SearchResponse;
          setState(() => ({ status: 'done', response }));
        })
        .catch(() => {
          if (controller.signal.aborted) return;
          setState(() => ({ status: 'failed' }));
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, setState, setActive]);
}
