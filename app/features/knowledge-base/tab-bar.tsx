import { tabBarLabel } from '@content/knowledge-base';
import {
  BookOpen,
  Calculator,
  ChartColumn,
  CircleHelp,
  FileText,
  FolderOpen,
  GraduationCap,
  type LucideIcon,
  Newspaper,
  Share2,
} from 'lucide-react';
import { type KeyboardEvent, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { cn } from '~/lib/cn';
import { type TabDefinition, type TabId, panelElementId, tabElementId, tabHref } from './tabs';
import { useHydrated } from '~/lib/use-hydrated';

const icons: Record<TabId, LucideIcon> = {
  all: FolderOpen,
  glossary: BookOpen,
  calculators: Calculator,
  infographics: ChartColumn,
  articles: Newspaper,
  'spec-sheets': FileText,
  'social-content': Share2,
  tutorials: GraduationCap,
  faq: CircleHelp,
};

const keySteps: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowDown: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  ArrowUp: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * The knowledge-base tab bar: real links (?tab=…) styled and announced as tabs, so every
 * tab works without JavaScript and can be shared. Once hydrated it behaves like an ARIA
 * tablist with automatic activation: one tab stop, arrow keys, Home and End move to and
 * open the neighbouring tab.
 */
export function TabBar({ tabs, current }: { tabs: readonly TabDefinition[]; current: TabId | null }) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const links = useRef(new Map<TabId, HTMLAnchorElement>());

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => links.current.get(tab.id) === event.target);
    if (index < 0) return;
    const focused = tabs[index];
    if (event.key === ' ' && focused) {
      // Links open on Enter; a tab also opens on Space.
      event.preventDefault();
      void navigate(tabHref(focused.id), { preventScrollReset: true });
      return;
    }
    const step = keySteps[event.key];
    const next = step ? tabs[step(index, tabs.length)] : undefined;
    if (!next) return;
    event.preventDefault();
    links.current.get(next.id)?.focus();
    // Replace, so arrowing across the bar does not fill the history with every tab passed.
    void navigate(tabHref(next.id), { replace: true, preventScrollReset: true });
  }

  return (
    <div
      role="tablist"
      aria-label={tabBarLabel}
      aria-orientation="horizontal"
      onKeyDown={onKeyDown}
      // Every tab in sight at every width (issue 16: a sideways-scrolling row cut "Articl…"
      // off with no hint): two columns on a phone, a row of four or five from 640 px, one
      // row on desktops.
      className={cn(
        'mt-6 grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1',
        tabs.length > 8 ? 'sm:grid-cols-5 lg:grid-cols-9' : 'sm:grid-cols-4 lg:grid-cols-8',
      )}
    >
      {tabs.map((tab) => {
        const selected = tab.id === current;
        const Icon = icons[tab.id];
        return (
          <Link
            key={tab.id}
            ref={(element) => {
              if (element) links.current.set(tab.id, element);
              else links.current.delete(tab.id);
            }}
            to={tabHref(tab.id)}
            preventScrollReset
            role="tab"
            id={tabElementId(tab.id)}
            aria-selected={selected}
            // Only the open panel exists in the page, so only its tab points at it.
            aria-controls={selected ? panelElementId(tab.id) : undefined}
            // Without JavaScript there are no arrow keys, so every tab stays a tab stop. On the
            // search results page no tab is selected, and the first is the tab stop.
            tabIndex={hydrated && !(selected || (current === null && tab === tabs[0])) ? -1 : undefined}
            className={cn(
              'flex min-w-0 items-center gap-2 rounded-lg px-3 py-2.5 text-left text-sm font-semibold transition-colors',
              'sm:flex-col sm:justify-start sm:gap-1 sm:text-center',
              'focus-visible:outline-2 focus-visible:outline-offset-[-2px]',
              selected ? 'bg-white text-brand-700 shadow-sm' : 'text-slate-700 hover:bg-white/70 hover:text-ink',
            )}
          >
            <Icon aria-hidden="true" className="h-5 w-5 shrink-0" />
            <span className="min-w-0 break-words">{tab.label}</span>
          </Link>
        );
      })}
    </div>
  );
}
