import { type ClientPlatform, clientLoginHelp, clientLoginPanels } from '@content/client-login';
import { site } from '@content/site';
import { Phone } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { buttonClass } from '~/components/ui/button';
import { Dialog, DialogContent } from '~/components/ui/dialog';
import { RequestDemoButton } from '~/features/leads/request-demo-button';
import { useClientLoginUrls } from '~/lib/client-login';
import { goHomeAndScrollTo, scrollToSection } from '~/lib/scroll-to-section';

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

  const panel = platform ? clientLoginPanels[platform] : null;
  return (
    <Dialog open={panel !== null} onOpenChange={(open) => (open ? undefined : close())}>
      {panel ? (
        <DialogContent title={panel.title} description={panel.lead} onCloseAutoFocus={onCloseAutoFocus}>
          <h3 className="text-sm font-semibold uppercase tracking-wider text-slate-600">How clients get access</h3>
          <ol className="mt-3 space-y-3">
            {panel.steps.map((step, index) => (
              <li key={step} className="flex gap-3 text-sm text-slate-700">
                <span
                  aria-hidden="true"
                  className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand-50 text-xs font-bold text-brand-700"
                >
                  {index + 1}
                </span>
                <span className="pt-0.5">{step}</span>
              </li>
            ))}
          </ol>
          <div className="mt-5 rounded-lg bg-slate-50 p-4 text-sm text-slate-700">
            <p>{clientLoginHelp.existingClient}</p>
            <p className="mt-2 flex items-center gap-2">
              <Phone aria-hidden="true" className="h-4 w-4 text-brand-600" />
              <a className="font-semibold text-ink underline-offset-4 hover:underline" href={`tel:${site.phone.tel}`}>
                {site.phone.display}
              </a>
            </p>
          </div>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <RequestDemoButton className="w-full sm:w-auto" />
            <a href={clientLoginHelp.contactHref} onClick={goToContact} className={buttonClass('outline', 'lg', 'w-full sm:w-auto')}>
              {clientLoginHelp.contactLabel}
            </a>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
