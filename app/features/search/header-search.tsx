import { searchButtonCopy } from '@content/search-button';
import { Search } from 'lucide-react';
import { type MouseEvent, Suspense, lazy, useEffect, useRef, useState } from 'react';

const loadDialog = () => import('./search-dialog');
// The dialog (its combobox, the fetches and Radix Dialog) loads when the visitor first opens
// it, or points at or focuses the button: every page carries only this trigger (decision 021,
// docs/search.md, What visitors see).
const SearchDialog = lazy(loadDialog);

/** Keys that open search from anywhere on the page: Ctrl K / ⌘ K, and / when not typing. */
function opensSearch(event: KeyboardEvent): boolean {
  if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k') return true;
  if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return false;
  return !isTyping(event.target);
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]') !== null;
}

/**
 * The header's search: a link to the results page (so it works without JavaScript) that,
 * once hydrated, opens the search dialog instead; Ctrl K, ⌘ K and / open it too. Kept small:
 * every page carries it (docs/search.md has the figures).
 */
export function HeaderSearch() {
  // null until first opened: the dialog's chunk is not even asked for before.
  const [open, setOpenState] = useState<boolean | null>(null);
  // Read by the shortcut: Ctrl K pressed inside the open dialog must not make its own input the place focus returns to.
  const isOpen = useRef(false);
  const setOpen = useRef((next: boolean) => {
    isOpen.current = next;
    setOpenState(next);
  }).current;
  const trigger = useRef<HTMLAnchorElement>(null);
  // Where focus was when the dialog opened (the trigger, or wherever a shortcut was pressed): it goes back there.
  const returnTo = useRef<HTMLElement | null>(null);
  const show = useRef(() => {
    if (isOpen.current) return;
    const focused = document.activeElement;
    returnTo.current = focused instanceof HTMLElement && focused !== document.body ? focused : trigger.current;
    setOpen(true);
  }).current;

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !opensSearch(event)) return;
      event.preventDefault();
      show();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [show]);

  return (
    <>
      <a
        ref={trigger}
        // The results page asks for a query (search-href.ts's address, not imported: its own chunk would cost every page).
        href="/knowledge-base?search="
        onClick={(event: MouseEvent<HTMLAnchorElement>) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          show();
        }}
        onPointerEnter={loadDialog}
        onFocus={loadDialog}
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K /"
        className="inline-flex h-10 w-10 items-center justify-center gap-2 rounded-md text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-ink xl:w-auto xl:border xl:border-slate-300 xl:pl-3 xl:pr-2"
      >
        <Search aria-hidden="true" className="h-5 w-5 xl:h-4 xl:w-4" />
        <span className="sr-only xl:not-sr-only">{searchButtonCopy.label}</span>
        <kbd aria-hidden="true" className="hidden rounded border border-slate-300 bg-slate-50 px-1.5 font-sans text-xs text-slate-600 xl:inline">
          {searchButtonCopy.shortcut}
        </kbd>
      </a>
      {open === null ? null : (
        <Suspense fallback={null}>
          <SearchDialog open={open} onOpenChange={setOpen} returnFocusTo={returnTo} />
        </Suspense>
      )}
    </>
  );
}
