import { clientLoginLinks, pageLinks, sectionLinks, toolLinks, type NavLink } from '@content/navigation';
import { Menu, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { HeaderSearch } from '~/features/search/header-search';
import { useClientLoginHref } from '~/lib/client-login';
import { useSectionLink } from '~/lib/scroll-to-section';
import { useCompany } from '~/lib/site-content';
import { HeaderDropdown } from './header-dropdown';
import { Logo } from './logo';

const navItemClass =
  'inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-ink';

/** A link to a home-page section that scrolls there (navigating home first when needed). */
function SectionLink({ link, className, onNavigate }: { link: NavLink; className: string; onNavigate?: () => void }) {
  const onSectionClick = useSectionLink();
  return (
    <a
      href={link.href}
      className={className}
      onClick={(event) => {
        // Close the mobile menu first: the scroll waits a frame and measures the header then.
        onNavigate?.();
        onSectionClick(event, link.href);
      }}
    >
      {link.label}
    </a>
  );
}

function ToolsMenu() {
  return <HeaderDropdown label="Tools" items={toolLinks.map((link) => ({ ...link, route: true }))} />;
}

function ClientLoginMenu() {
  const hrefOf = useClientLoginHref();
  return <HeaderDropdown label="Client Log In" items={clientLoginLinks.map((link) => ({ label: link.label, href: hrefOf(link), route: false }))} />;
}

function MobileMenu({ onClose }: { onClose: () => void }) {
  const clientLoginHref = useClientLoginHref();
  const groupHeading = 'px-3 pt-3 pb-1 text-xs font-semibold uppercase tracking-wider text-slate-600';
  const itemClass = 'block rounded-md px-3 py-2.5 text-base font-medium text-ink hover:bg-slate-100';
  return (
    // Laid over the page below the header bar, not in its flow: opening or closing the menu
    // moves nothing on the page (issue 16), and it scrolls itself on a short landscape phone.
    <nav
      id="mobile-menu"
      aria-label="Mobile"
      className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto overscroll-contain border-y border-slate-200 bg-white shadow-lg lg:hidden"
    >
      <ul className="container-page space-y-0.5 py-3">
        <li>
          <SectionLink link={sectionLinks.services} className={itemClass} onNavigate={onClose} />
        </li>
        <li>
          <SectionLink link={sectionLinks.solutions} className={itemClass} onNavigate={onClose} />
        </li>
        <li>
          <p className={groupHeading} id="mobile-platforms">
            Platforms
          </p>
          <ul aria-labelledby="mobile-platforms">
            {toolLinks.map((link) => (
              <li key={link.href}>
                <Link to={link.href} className={`${itemClass} pl-6`} onClick={onClose}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </li>
        {pageLinks.map((link) => (
          <li key={link.href}>
            <Link to={link.href} className={itemClass} onClick={onClose}>
              {link.label}
            </Link>
          </li>
        ))}
        <li>
          <p className={groupHeading} id="mobile-client-login">
            Client Log In
          </p>
          <ul aria-labelledby="mobile-client-login">
            {clientLoginLinks.map((link) => (
              <li key={link.href}>
                <a href={clientLoginHref(link)} className={`${itemClass} pl-6`} onClick={onClose}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </li>
        <li className="pt-2">
          <SectionLink link={sectionLinks.contact} className={buttonClass('accent', 'md', 'w-full')} onNavigate={onClose} />
        </li>
      </ul>
    </nav>
  );
}

export function Header() {
  const [mobileOpen, setMobileOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const company = useCompany();

  useEffect(() => setMobileOpen(false), [location.pathname]);

  // The mobile menu closes on Escape (focus back to its button) and on a click outside the header.
  useEffect(() => {
    if (!mobileOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMobileOpen(false);
      toggleRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!headerRef.current?.contains(event.target as Node)) setMobileOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [mobileOpen]);

  return (
    <header ref={headerRef} data-site-header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <Link to="/" className="rounded-md" aria-label={`${company.name} home`}>
          <Logo />
        </Link>

        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            <li>
              <SectionLink link={sectionLinks.services} className={navItemClass} />
            </li>
            <li>
              <SectionLink link={sectionLinks.solutions} className={navItemClass} />
            </li>
            <li>
              <ToolsMenu />
            </li>
            {pageLinks.map((link) => (
              <li key={link.href}>
                <Link to={link.href} className={navItemClass}>
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <ClientLoginMenu />
            </li>
          </ul>
        </nav>

        <div className="flex items-center gap-2">
          <HeaderSearch />
          <SectionLink link={sectionLinks.contact} className={buttonClass('accent', 'sm', 'hidden sm:inline-flex')} />
          <button
            ref={toggleRef}
            type="button"
            className="inline-flex h-10 w-10 items-center justify-center rounded-md text-ink hover:bg-slate-100 lg:hidden"
            aria-expanded={mobileOpen}
            aria-controls="mobile-menu"
            aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMobileOpen((open) => !open)}
          >
            {mobileOpen ? <X aria-hidden="true" className="h-6 w-6" /> : <Menu aria-hidden="true" className="h-6 w-6" />}
          </button>
        </div>
      </div>
      {mobileOpen ? <MobileMenu onClose={() => setMobileOpen(false)} /> : null}
    </header>
  );
}
