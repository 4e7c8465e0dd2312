import { webhooksCopy as copy } from '@content/admin-webhooks';
import { Copy } from 'lucide-react';
import { type FormEvent, type RefObject, useId, useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { Button } from '~/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '~/components/ui/dialog';
import { Field, Input } from '~/components/ui/input';
import { ApiError, failureNotice, firstFieldErrors } from '~/lib/api';
import { toast } from '~/lib/toast';
import { SUBSCRIBABLE_EVENTS, type SubscribableEvent, type WebhookEndpointInput, type WebhookEndpointView } from './webhook-types';
import { createEndpoint, deleteEndpoint, rotateSecret, updateEndpoint } from './webhooks-api';
import { eventLabel, validateEndpointInput, webhooksHref } from './webhooks-params';

/** Which dialog the Webhooks page shows. */
export type WebhookDialogState =
  | { kind: 'add' }
  | { kind: 'edit'; endpoint: WebhookEndpointView }
  | { kind: 'rotate'; endpoint: WebhookEndpointView }
  | { kind: 'delete'; endpoint: WebhookEndpointView }
  | { kind: 'secret'; url: string; secret: string };

/** The Webhooks page's dialogs (docs/admin.md, Webhooks), loaded on first use. */
export default function WebhookDialogs({
  state,
  onChange,
  returnFocusTo,
}: {
  state: WebhookDialogState;
  onChange: (state: WebhookDialogState | null) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const close = () => onChange(null);
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : close())}>
      {state.kind === 'add' || state.kind === 'edit' ? (
        <EndpointForm key={state.kind} state={state} onChange={onChange} returnFocusTo={returnFocusTo} />
      ) : state.kind === 'secret' ? (
        <SecretPanel url={state.url} secret={state.secret} returnFocusTo={returnFocusTo} />
      ) : (
        <ConfirmPanel state={state} onChange={onChange} returnFocusTo={returnFocusTo} />
      )}
    </Dialog>
  );
}

type FieldName = 'url' | 'description' | 'events';

function EndpointForm({
  state,
  onChange,
  returnFocusTo,
}: {
  state: { kind: 'add' } | { kind: 'edit'; endpoint: WebhookEndpointView };
  onChange: (state: WebhookDialogState | null) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const id = useId();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const editing = state.kind === 'edit' ? state.endpoint : null;
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input: WebhookEndpointInput = {
      url: String(form.get('url') ?? '').trim(),
      description: String(form.get('description') ?? '').trim(),
      // Only known events reach the server (validateEndpointInput says when none is left).
      events: form.getAll('events').map(String).filter(isSubscribable),
      enabled: form.get('enabled') === 'on',
    };
    const problems = validateEndpointInput(input);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setPending(true);
    try {
      if (editing) {
        await updateEndpoint(editing.id, input, editing.version);
        toast({ title: copy.form.saved, description: input.url });
        onChange(null);
        await revalidator.revalidate();
      } else {
        const created = await createEndpoint(input);
        toast({ title: copy.form.added, description: input.url });
        // The secret is shown now or never: the next dialog holds it until the admin closes it.
        onChange({ kind: 'secret', url: created.endpoint.url, secret: created.secret });
        await navigate(webhooksHref({ endpoint: created.endpoint.id, page: 1 }), { preventScrollReset: true });
      }
    } catch (error) {
      const fields = firstFieldErrors(error);
      const known = { url: fields.url, description: fields.description, events: fields.events };
      setErrors(known);
      const failed = editing ? copy.form.saveFailed : copy.form.addFailed;
      toast({ title: failed, description: failureNotice(error, failed), variant: 'destructive' });
      // Saved by someone else meanwhile (409) or deleted (404): what was typed rests on a stale
      // version, so the dialog closes and the card shows the endpoint as it is now.
      if (editing && error instanceof ApiError && (error.status === 409 || error.status === 404)) {
        onChange(null);
        await revalidator.revalidate();
      }
    } finally {
      setPending(false);
    }
  }

  const selected = new Set<string>(editing?.events ?? SUBSCRIBABLE_EVENTS);
  return (
    <DialogContent title={editing ? copy.form.editHeading : copy.form.addHeading} returnFocusTo={returnFocusTo}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field id={`${id}-url`} label={copy.form.url} markRequired hint={copy.form.urlHint} error={errors.url}>
          {(control) => (
            <Input
              {...control}
              name="url"
              type="url"
              inputMode="url"
              autoComplete="off"
              required
              defaultValue={editing?.url ?? ''}
              placeholder="https://crm.example.com/hooks/vpv"
            />
          )}
        </Field>
        <Field id={`${id}-description`} label={copy.form.description} hint={copy.form.descriptionHint} error={errors.description}>
          {(control) => <Input {...control} name="description" maxLength={200} defaultValue={editing?.description ?? ''} />}
        </Field>
        <fieldset aria-describedby={errors.events ? `${id}-events-error` : undefined}>
          <legend className="block text-sm font-semibold text-ink">{copy.form.events}</legend>
          <div className="mt-2 space-y-2">
            {SUBSCRIBABLE_EVENTS.map((event) => (
              <label key={event} className="flex items-start gap-3 text-sm text-ink">
                <input
                  type="checkbox"
                  name="events"
                  value={event}
                  defaultChecked={selected.has(event)}
                  aria-invalid={errors.events ? true : undefined}
                  className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-400 accent-brand-700"
                />
                <span>
                  {eventLabel(event)} <code className="block text-xs text-slate-600">{event}</code>
                </span>
              </label>
            ))}
          </div>
          {errors.events ? (
            <p id={`${id}-events-error`} className="mt-1 text-sm font-medium text-red-700">
              {errors.events}
            </p>
          ) : null}
        </fieldset>
        <label className="flex items-center gap-3 text-sm font-semibold text-ink">
          <input type="checkbox" name="enabled" defaultChecked={editing?.enabled ?? true} className="h-5 w-5 shrink-0 rounded border-slate-400 accent-brand-700" />
          {copy.form.enabled}
        </label>
        <div className="flex flex-wrap justify-end gap-3 pt-2">
          <DialogClose asChild>
            <Button type="button" variant="outline" disabled={pending}>
              {copy.form.cancel}
            </Button>
          </DialogClose>
          <Button type="submit" disabled={pending}>
            {pending ? copy.form.saving : editing ? copy.form.editSubmit : copy.form.addSubmit}
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}

/** The whole secret, once, with Copy. */
function SecretPanel({ url, secret, returnFocusTo }: { url: string; secret: string; returnFocusTo: RefObject<HTMLElement | null> }) {
  const id = useId();
  async function copySecret() {
    try {
      await navigator.clipboard.writeText(secret);
      toast({ title: copy.secretDialog.copied, description: url });
    } catch {
      toast({ title: copy.secretDialog.copyFailed, variant: 'destructive' });
    }
  }
  return (
    <DialogContent title={copy.secretDialog.heading} description={copy.secretDialog.description} returnFocusTo={returnFocusTo}>
      <p className="break-all text-sm text-slate-700">{url}</p>
      <label htmlFor={`${id}-secret`} className="mt-3 block text-sm font-semibold text-ink">
        {copy.secretDialog.label}
      </label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row">
        <Input
          id={`${id}-secret`}
          readOnly
          value={secret}
          className="mt-0 font-mono"
          onFocus={(event) => event.currentTarget.select()}
          data-testid="webhook-secret"
        />
        <Button type="button" variant="outline" onClick={copySecret} className="shrink-0">
          <Copy aria-hidden="true" className="mr-2 h-4 w-4" />
          {copy.secretDialog.copy}
        </Button>
      </div>
      <div className="mt-5 flex justify-end">
        <DialogClose asChild>
          <Button type="button">{copy.secretDialog.done}</Button>
        </DialogClose>
      </div>
    </DialogContent>
  );
}

/** Asks before rotating the secret or deleting the endpoint. */
function ConfirmPanel({
  state,
  onChange,
  returnFocusTo,
}: {
  state: { kind: 'rotate' | 'delete'; endpoint: WebhookEndpointView };
  onChange: (state: WebhookDialogState | null) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [pending, setPending] = useState(false);
  const text = state.kind === 'rotate' ? copy.rotate : copy.remove;
  const { endpoint } = state;

  async function confirm() {
    setPending(true);
    try {
      if (state.kind === 'rotate') {
        const rotated = await rotateSecret(endpoint.id);
        onChange({ kind: 'secret', url: rotated.endpoint.url, secret: rotated.secret });
        await revalidator.revalidate();
      } else {
        await deleteEndpoint(endpoint.id);
        toast({ title: copy.remove.done, description: endpoint.url });
        onChange(null);
        await navigate(webhooksHref({ endpoint: null, page: 1 }), { preventScrollReset: true, replace: true });
      }
    } catch (error) {
      toast({ title: text.failed, description: failureNotice(error, text.failed), variant: 'destructive' });
      onChange(null);
      await revalidator.revalidate();
    } finally {
      setPending(false);
    }
  }

  return (
    <DialogContent title={text.title} description={text.description(endpoint.url)} returnFocusTo={returnFocusTo}>
      <div className="flex flex-wrap justify-end gap-3">
        <DialogClose asChild>
          <Button variant="outline" disabled={pending}>
            {text.cancel}
          </Button>
        </DialogClose>
        <Button variant={state.kind === 'delete' ? 'destructive' : 'primary'} onClick={confirm} disabled={pending}>
          {pending ? text.confirming : text.confirm}
        </Button>
      </div>
    </DialogContent>
  );
}

function isSubscribable(event: string): event is SubscribableEvent {
  return (SUBSCRIBABLE_EVENTS as readonly string[]).includes(event);
}
