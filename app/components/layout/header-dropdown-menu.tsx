import { ChevronDown } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { type Ref, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { HeaderDropdownProps } from './header-dropdown-props';

const dropdownItemClass =
  'block cursor-pointer rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-700';

interface HeaderDropdownMenuProps extends HeaderDropdownProps {
  /** Open at once: the visitor already clicked or pressed the stand-in trigger. */
  openedBy: 'pointer' | 'keyboard';
  triggerRef: Ref<HTMLButtonElement>;
  /** The stand-in's look, so the trigger does not change when the menu takes over. */
  triggerClassName: string;
}

/**
 * A header dropdown on Radix: arrow keys move between items, Escape and an outside click
 * close it, and focus returns to the trigger. Non-modal, so the page stays scrollable.
 * Loaded by ./header-dropdown when a visitor first uses a dropdown.
 */
export default function HeaderDropdownMenu({ label, items, openedBy, triggerRef, triggerClassName }: HeaderDropdownMenuProps) {
  const content = useRef<HTMLDivElement>(null);
  // Radix focuses the first item when it saw the key that opened the menu; this menu was opened
  // by a key pressed before Radix had loaded, so do what it would have done, after its own focus.
  useEffect(() => {
    if (openedBy !== 'keyboard') return;
    const frame = requestAnimationFrame(() => content.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus());
    return () => cancelAnimationFrame(frame);
  }, [openedBy]);
  return (
    <DropdownMenu.Root modal={false} defaultOpen>
      <DropdownMenu.Trigger ref={triggerRef} className={triggerClassName}>
        {label}
        <ChevronDown aria-hidden="true" className="h-4 w-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={8}
          className="z-50 min-w-64 rounded-lg border border-slate-200 bg-white p-1.5 shadow-xl"
          ref={content}
        >
          {items.map((item) => (
            <DropdownMenu.Item key={item.href} asChild className={dropdownItemClass}>
              {item.route ? (
                <Link to={item.href}>
                  <span className="block font-semibold text-ink">{item.label}</span>
                  {item.description ? <span className="block text-xs text-slate-600">{item.description}</span> : null}
                </Link>
              ) : (
                <a href={item.href}>{item.label}</a>
              )}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
