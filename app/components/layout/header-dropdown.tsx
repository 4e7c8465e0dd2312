import { ChevronDown } from 'lucide-react';
import { type KeyboardEvent, Suspense, lazy, useEffect, useRef, useState } from 'react';
import type { HeaderDropdownProps } from './header-dropdown-props';

/** The trigger's look, the stand-in's and the Radix menu's alike. */
const dropdownTriggerClass =
  'inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-ink data-[state=open]:bg-slate-100';

const loadMenu = () => import('./header-dropdown-menu');
// Radix DropdownMenu (with its positioning and focus code, ~25 kB compressed) loads when a
// visitor first points at, focuses or opens a header dropdown, not with every page (issue 15,
// decision 021). Until then a button of the same look stands in for its trigger.
const HeaderDropdownMenu = lazy(loadMenu);

const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

/** A header dropdown (Tools, Client Log In): a menu button whose menu is Radix's, loaded on first use. */
export function HeaderDropdown({ label, items }: HeaderDropdownProps) {
  const [openedBy, setOpenedBy] = useState<'pointer' | 'keyboard' | null>(null);
  const standIn = useRef<HTMLButtonElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const hadFocus = useRef(false);

  // The stand-in had focus when it was replaced: the real trigger takes it over.
  useEffect(() => {
    if (openedBy && hadFocus.current && document.activeElement === document.body) trigger.current?.focus();
  }, [openedBy]);

  const open = (by: 'pointer' | 'keyboard') => {
    hadFocus.current = document.activeElement === standIn.current;
    setOpenedBy(by);
  };

  const fallback = (
    <button
      ref={standIn}
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      className={dropdownTriggerClass}
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={() => open('pointer')}
      onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
        if (!OPENING_KEYS.has(event.key)) return;
        event.preventDefault();
        open('keyboard');
      }}
    >
      {label}
      <ChevronDown aria-hidden="true" className="h-4 w-4" />
    </button>
  );

  if (!openedBy) return fallback;
  return (
    <Suspense fallback={fallback}>
      <HeaderDropdownMenu label={label} items={items} openedBy={openedBy} triggerRef={trigger} triggerClassName={dropdownTriggerClass} />
    </Suspense>
  );
}
