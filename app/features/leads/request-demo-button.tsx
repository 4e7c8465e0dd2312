import { demoForm as copy } from '@content/leads';
import type { FieldErrors } from '@domain/api-error';
import { type DemoValues, emptyDemoValues } from '@domain/leads/fields';
import { X } from 'lucide-react';
import { type Dispatch, type SetStateAction, Suspense, lazy, useEffect, useId, useRef, useState } from 'react';
import { useActionData, useLocation, useNavigate, useSearchParams } from 'react-router';
import { type ButtonVariant, buttonClass } from '~/components/ui/button';
import { toast } from '~/lib/toast';
import { useHydrated } from '~/lib/use-hydrated';
import { DemoRequestForm, type DemoFormState } from './demo-request-form';
import { FormNotice } from './form-parts';
import { DEMO_PARAM, type FailedOutcome, type LeadActionData, SENT_PARAM, demoAnchor, demoOpenHref, toDemoKey } from './lead-form-post';
import { leadFormState } from './use-lead-form';

// The modal, and Radix Dialog with it, loads when a visitor first asks for a demo (decision 021).
const DemoRequestDialog = lazy(() => import('./demo-request-dialog'));

/** A Request Demo button's form as a page without JavaScript left it (docs/leads.md). */
interface DemoPostState {
  /** Null when the visitor only opened the form (the Request Demo link). */
  outcome: 'sent' | FailedOutcome | null;
  values: DemoValues;
  fieldErrors: FieldErrors;
}

/**
 * This button's form when the URL names it (`?demo=<key>`, and `&sent=demo` after a stored
 * post), with what the route action answered a post that was not stored; null otherwise.
 */
function useDemoPost(demoKey: string): DemoPostState | null {
  const [searchParams] = useSearchParams();
  const actionData = useActionData<LeadActionData>();
  if (searchParams.get(DEMO_PARAM) !== demoKey) return null;
  if (searchParams.get(SENT_PARAM) === 'demo') return { outcome: 'sent', values: emptyDemoValues(), fieldErrors: {} };
  const posted = actionData?.form === 'demo' && actionData.key === demoKey ? actionData : null;
  return { outcome: posted?.outcome ?? null, values: posted?.values ?? emptyDemoValues(), fieldErrors: posted?.fieldErrors ?? {} };
}

function stateFromPost(fromPost: DemoPostState | null): DemoFormState {
  return fromPost ? leadFormState(fromPost.values, fromPost.fieldErrors) : leadFormState(emptyDemoValues());
}

function OutcomeNotice({ fromPost }: { fromPost: DemoPostState | null }) {
  if (!fromPost?.outcome || fromPost.outcome === 'sent') return null;
  const notice = copy.notices[fromPost.outcome];
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
 * After hydration, such a URL opens the modal instead (with what was posted) and is cleaned.
 */
export function RequestDemoButton({ variant = 'accent', className }: { variant?: ButtonVariant; className?: string }) {
  const demoKey = toDemoKey(useId());
  const hydrated = useHydrated();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const fromPost = useDemoPost(demoKey);
  const opener = useRef<HTMLButtonElement>(null);

  const [open, setOpen] = useState(false);
  // Whether the modal has been opened: from then on it stays loaded (and mounted, closed).
  const [used, setUsed] = useState(false);
  const [state, setState] = useState<DemoFormState>(() => stateFromPost(fromPost));
  // The outcome of a post without JavaScript, carried into the modal once the URL is cleaned.
  const [postNotice, setPostNotice] = useState<DemoPostState | null>(fromPost);

  const named = fromPost !== null;
  const postOutcome = fromPost?.outcome;
  useEffect(() => {
    if (!named) return;
    if (postOutcome === 'sent') toast(copy.toasts.sent);
    else {
      setUsed(true);
      setOpen(true);
    }
    void navigate(pathname, { replace: true, preventScrollReset: true });
  }, [named, postOutcome, navigate, pathname]);

  const triggerClass = buttonClass(variant, 'lg', className);

  if (!hydrated) {
    return (
      <>
        <a href={demoOpenHref(demoKey)} className={triggerClass}>
          {copy.trigger}
        </a>
        {fromPost ? <FallbackPanel demoKey={demoKey} fromPost={fromPost} state={state} setState={setState} /> : null}
      </>
    );
  }

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) setPostNotice(null);
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
              notice={<OutcomeNotice fromPost={postNotice} />}
              onSent={() => {
                setState({ values: emptyDemoValues(), errors: {}, trap: '' });
                setPostNotice(null);
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
  fromPost,
  state,
  setState,
}: {
  demoKey: string;
  fromPost: DemoPostState;
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
        {fromPost.outcome === 'sent' ? (
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
              notice={<OutcomeNotice fromPost={fromPost} />}
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
