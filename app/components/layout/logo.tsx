import { useCompany } from '~/lib/site-content';

/** The wordmark: a molecule of three linked atoms beside the company name. */
export function Logo({ inverse = false }: { inverse?: boolean }) {
  const { name } = useCompany();
  return (
    <span className="flex items-center gap-2">
      <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" className="shrink-0">
        <line x1="9" y1="22" x2="16" y2="9" stroke="#0e9cc2" strokeWidth="2.5" />
        <line x1="16" y1="9" x2="24" y2="22" stroke="#0e9cc2" strokeWidth="2.5" />
        <line x1="9" y1="22" x2="24" y2="22" stroke="#f97316" strokeWidth="2.5" />
        <circle cx="16" cy="9" r="5" fill="#0b6683" />
        <circle cx="9" cy="22" r="5" fill="#0e9cc2" />
        <circle cx="24" cy="22" r="5" fill="#f97316" />
      </svg>
      <span className={inverse ? 'text-lg font-extrabold tracking-tight text-white' : 'text-lg font-extrabold tracking-tight text-navy-900'}>
        {name}
      </span>
    </span>
  );
}
