/** Field styling shared by the glossary form, the search bar and the calculators. */
export const inputClass =
  'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm text-ink shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-700';

export const labelClass = 'block text-sm font-semibold text-ink';

export const errorClass = 'mt-1 text-sm text-red-700';
