import { type ClientPlatform, clientLoginHelp, clientLoginPanels } from '@content/client-login';
import { Phone } from 'lucide-react';
import { buttonClass } from '~/components/ui/button';
import { Dialog, DialogContent } from '~/components/ui/dialog';
import { RequestDemoButton } from '~/features/leads/request-demo-button';
import { useCompany } from '~/lib/site-content';

/**
 * The Client Log In panel, open. Its own module, loaded when the panel first opens, so the
 * demo request form (and Zod), and Radix Dialog itself, stay out of every page's first load
 * (decisions 014 and 021).
 */
export default function ClientLoginPanel({
  platform,
  onClose,
  onCloseAutoFocus,
  goToContact,
}: {
  platform: ClientPlatform;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
  goToContact: (event: React.MouseEvent<HTMLAnchorElement>) => void;
}) {
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <ClientLoginContent platform={platform} onCloseAutoFocus={onCloseAutoFocus} goToContact={goToContact} />
    </Dialog>
  );
}

function ClientLoginContent({
  platform,
  onCloseAutoFocus,
  goToContact,
}: {
  platform: ClientPlatform;
  onCloseAutoFocus: (event: Event) => void;
  goToContact: (event: React.MouseEvent<HTMLAnchorElement>) => void;
}) {
  const panel = clientLoginPanels[platform];
  const { phone } = useCompany();
  return (
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
          <a className="font-semibold text-ink underline-offset-4 hover:underline" href={`tel:${phone.tel}`}>
            {phone.display}
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
  );
}
