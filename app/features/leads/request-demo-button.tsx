import { demoForm as copy } from '@content/leads';
import type { FieldErrors } from '@domain/api-error';
import { type DemoUrlState, demoAnchor, demoOpenHref, readDemoUrlState, toDemoKey } from '@domain/leads/form-outcome';
import { emptyDemoValues } from '@domain/leads/fields';
import { X } from 'lucide-react';
import { type Dispatch, type SetStateAction, Suspense, lazy, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate, useRouteLoaderData, useSearchParams } from 'react-router';
import { type ButtonVariant, buttonClass } from '~/components/ui/button';
import { toast } from '~/lib/toast';
import { useHydrated } from '~/lib/use-hydrated';
import type { loader as rootLoader } from '~/root';
import { DemoRequestForm, type DemoFormState } from './demo-request-form';
import { FormNotice } from './form-parts';
import { leadFormState } from './use-lead-form';

// The modal, and Radix Dialog with it, loads when a visitor first asks for a demo (decision 021).
const DemoRequestDialog = lazy(() => import('./demo-request-dialog'));

/** The field errors of a demo request sent without JavaScript that came back invalid (the root loader finds them). */
function useDemoUrlErrors(): FieldErrors {
  return useRouteLoaderData<typeof rootLoader>('root')?.demoErrors ?? {};
}

function stateFromUrl(fromUrl: DemoUrlState | null, urlErrors: FieldErrors): DemoFormState {
  if (!fromUrl || fromUrl.outcome === 'sent') return leadFormState(emptyDemoValues());
  return leadFormState(fromUrl.values, fromUrl.outcome === 'invalid' ? urlErrors : {});
}

function OutcomeNotice({ fromUrl }: { fromUrl: DemoUrlState | null }) {
  if (!fromUrl?.outcome || fromUrl.outcome === 'sent') return null;
  const notice = copy.notices[fromUrl.outcome];
  return (
    <FormNotice tone="error" title={notice.title}>
      {notice.text}
    </FormNotice>
  );
}

/**
 * The Request Demo call to action of the platform pages (docs/pages.md, docs/leads.md): opens the demo request
 * modal. Before JavaScript runs it is a link to this page with `?demo=<key>`, which the
 * server renders with this button's form open as a panel (docs/decisions/007-lead-capture.md);
 * the key (from useId) tells several buttons on one page apart.
 * After hydration, such a URL opens the modal instead and is cleaned.
 */
export function RequestDemoButton({ variant = 'accent', className }: { variant?: ButtonVariant; className?: string }) {
  const demoKey = toDemoKey(useId());
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const urlState = readDemoUrlState(searchParams);
  const fromUrl = urlState?.key === demoKey ? urlState : null;

  const urlErrors = useDemoUrlErrors();
  const opener = useRef<HTMLButtonElement>(null);

  const [open, setOpen] = useState(false);
  // Whether the modal has been opened: from then on it stays loaded (and mounted, closed).
  const [used, setUsed] = useState(false);
  const [state, setState] = useState<DemoFormState>(() => stateFromUrl(fromUrl, urlErrors));
  // The outcome of a post without JavaScript, carried into the modal once the URL is cleaned.
  const [urlNotice, setUrlNotice] = useState<DemoUrlState | null>(fromUrl);

  const fromUrlOutcome = fromUrl?.outcome;
  const fromUrlKey = fromUrl?.key;
  useEffect(() => {
    if (!fromUrlKey) return;
    if (fromUrlOutcome === 'sent') toast(copy.toasts.sent);
    else {
      setUsed(true);
      setOpen(true);
    }
    void navigate(pathname, { replace: true, preventScrollReset: true });
  }, [fromUrlKey, fromUrlOutcome, navigate, pathname]);

  const triggerClass = buttonClass(variant, 'lg', className);

  if (!hydrated) {
    return (
      <>
        <a href={demoOpenHref(demoKey)} className={triggerClass}>
          {copy.trigger}
        </a>
        {fromUrl ? <FallbackPanel demoKey={demoKey} fromUrl={fromUrl} state={state} setState={setState} /> : null}
      </>
    );
  }

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) setUrlNotice(null);
  };

  return (
    <>
      <button
        ref={opener}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        className={triggerClass}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        {copy.trigger}
      </button>
      {used ? (
        <Suspense fallback={null}>
          <DemoRequestDialog open={open} onOpenChange={onOpenChange} opener={opener}>
            <DemoRequestForm
              demoKey={demoKey}
              state={state}
              setState={setState}
              notice={<OutcomeNotice fromUrl={urlNotice} />}
              onSent={() => {
                setState({ values: emptyDemoValues(), errors: {}, trap: '' });
                setUrlNotice(null);
                setOpen(false);
              }}
              actions={
                <button type="button" className={buttonClass('outline', 'lg')} onClick={() => onOpenChange(false)}>
                  {copy.cancel}
                </button>
              }
            />
          </DemoRequestDialog>
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * The no-JavaScript stand-in for the modal: the server renders it, laid over the page like
 * the modal, when the URL names this button. Closing is a link back to the plain page.
 */
function FallbackPanel({
  demoKey,
  fromUrl,
  state,
  setState,
}: {
  demoKey: string;
  fromUrl: DemoUrlState;
  state: DemoFormState;
  setState: Dispatch<SetStateAction<DemoFormState>>;
}) {
  const { pathname } = useLocation();
  const titleId = `${demoKey}-heading`;
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-navy-950/70 p-4">
      <section
        id={demoAnchor(demoKey)}
        aria-labelledby={titleId}
        className="relative max-h-[90vh] w-full max-w-xl overflow-y-auto rounded-xl bg-white p-6 text-left text-ink shadow-2xl"
      >
        <h2 id={titleId} className="pr-8 text-xl font-bold text-ink">
          {copy.title}
        </h2>
        <a
          href={pathname}
          className="absolute right-3 top-3 rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-ink"
          aria-label={copy.close}
        >
          <X aria-hidden="true" className="h-5 w-5" />
        </a>
        {fromUrl.outcome === 'sent' ? (
          <div className="mt-4 space-y-5">
            <FormNotice tone="success" title={copy.notices.sent.title}>
              {copy.notices.sent.text}
            </FormNotice>
            <a href={pathname} className={buttonClass('primary', 'lg')}>
              {copy.close}
            </a>
          </div>
        ) : (
          <div className="mt-1">
            <p className="mb-4 text-sm text-slate-600">{copy.description}</p>
            <DemoRequestForm
              demoKey={demoKey}
              state={state}
              setState={setState}
              notice={<OutcomeNotice fromUrl={fromUrl} />}
              onSent={() => undefined}
              actions={
                <a href={pathname} className={buttonClass('outline', 'lg')}>
                  {copy.cancel}
                </a>
              }
            />
          </div>
        )}
      </section>
    </div>
  );
}
