import { type ClientPlatform, clientLoginHelp, clientLoginPanels } from '@content/client-login';
import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useClientLoginUrls } from '~/lib/client-login';
import { goHomeAndScrollTo, scrollToSection } from '~/lib/scroll-to-section';

// Only opened on request, never on the server: the panel and Radix Dialog load on first open
// (decisions 014 and 021).
const ClientLoginPanel = lazy(() => import('./client-login-panel'));

const platforms = Object.keys(clientLoginPanels) as ClientPlatform[];

function platformForHash(hash: string): ClientPlatform | null {
  return platforms.find((platform) => clientLoginPanels[platform].hash === hash) ?? null;
}

/** Drops the login hash from the address bar without a navigation (no loader runs, no scroll). */
function clearLoginHash() {
  if (!platformForHash(window.location.hash)) return;
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
}

/**
 * The Client Log In panel, on every page. The header's #vpv-market-login and
 * #vpv-lease-login links open it (a hash works without JavaScript and can be bookmarked);
 * when the platform's sign-in URL is configured, a visit to the hash goes there instead.
 */
export function ClientLoginDialog() {
  const urls = useClientLoginUrls();
  const location = useLocation();
  const navigate = useNavigate();
  const [platform, setPlatform] = useState<ClientPlatform | null>(null);
  const pendingSection = useRef<string | null>(null);

  const syncWithHash = useCallback(() => {
    const wanted = platformForHash(window.location.hash);
    const signInUrl = wanted ? urls[wanted] : null;
    if (signInUrl) {
      window.location.replace(signInUrl);
      return;
    }
    setPlatform(wanted);
  }, [urls]);

  // Native hash changes (the header links are plain <a href="#…">) and router navigations both count.
  useEffect(() => {
    syncWithHash();
    window.addEventListener('hashchange', syncWithHash);
    return () => window.removeEventListener('hashchange', syncWithHash);
  }, [syncWithHash, location.key]);

  const close = () => {
    setPlatform(null);
    clearLoginHash();
  };

  const goToContact = (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    // Scroll only once the dialog has closed: its scroll lock and focus return would undo it.
    pendingSection.current = clientLoginHelp.contactHref.split('#')[1] ?? null;
    close();
  };

  const onCloseAutoFocus = (event: Event) => {
    const section = pendingSection.current;
    if (!section) return;
    pendingSection.current = null;
    event.preventDefault();
    if (location.pathname === '/') {
      scrollToSection(section);
      return;
    }
    goHomeAndScrollTo(navigate, section);
  };

  return platform ? (
    <Suspense fallback={null}>
      <ClientLoginPanel platform={platform} onClose={close} onCloseAutoFocus={onCloseAutoFocus} goToContact={goToContact} />
    </Suspense>
  ) : null;
}
