import { Mail, MapPin, Phone } from 'lucide-react';
import { cn } from '~/lib/cn';
import { addressLines, useCompany } from '~/lib/site-content';

/** Headquarters address, toll-free phone and sales e-mail: the stored company facts (docs/pages.md, Site content). */
export function ContactDetails({ inverse = false, className }: { inverse?: boolean; className?: string }) {
  const company = useCompany();
  const [street, city] = addressLines(company.address);
  const iconClass = cn('mt-0.5 h-5 w-5 shrink-0', inverse ? 'text-brand-200' : 'text-brand-600');
  const linkClass = cn('underline-offset-4 hover:underline', inverse ? 'text-white' : 'text-ink');
  return (
    <address className={cn('space-y-3 not-italic text-sm', inverse ? 'text-slate-300' : 'text-slate-700', className)}>
      <p className="flex gap-3">
        <MapPin aria-hidden="true" className={iconClass} />
        <span>
          <span className={cn('block font-semibold', inverse ? 'text-white' : 'text-ink')}>Headquarters</span>
          {street}
          <br />
          {city}
        </span>
      </p>
      <p className="flex gap-3">
        <Phone aria-hidden="true" className={iconClass} />
        <span>
          <span className="sr-only">Toll-free phone: </span>
          <a className={linkClass} href={`tel:${company.phone.tel}`}>
            {company.phone.display}
          </a>{' '}
          (toll-free)
        </span>
      </p>
      <p className="flex gap-3">
        <Mail aria-hidden="true" className={iconClass} />
        <span>
          <span className="sr-only">Sales e-mail: </span>
          <a className={linkClass} href={`mailto:${company.salesEmail}`}>
            {company.salesEmail}
          </a>
        </span>
      </p>
    </address>
  );
}
