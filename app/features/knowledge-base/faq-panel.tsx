import { faqContact, faqHeading, faqIntro } from '@content/faq';
import type { FaqEntry } from '@domain/site-content/types';
import { ChevronDown } from 'lucide-react';
import { Accordion } from 'radix-ui';
import { useEffect, useId, useState } from 'react';
import { buttonClass } from '~/components/ui/button';
import { useHydrated } from '~/lib/use-hydrated';
import { useSectionLink } from '~/lib/scroll-to-section';
import { scrollToId, useHashTarget } from './use-hash-target';

/** The anchor of one FAQ entry, what search hits link to: `?tab=faq#faq-<id>` opens it. */
export const faqAnchor = (id: string) => `faq-${id}`;

/** The FAQ tab: an accordion where several answers may be open at once (docs/knowledge-base.md, FAQ); the stored questions (docs/pages.md, Site content). */
export function FaqPanel({ items }: { items: readonly FaqEntry[] }) {
  const id = useId();
  const sectionLink = useSectionLink();
  const hydrated = useHydrated();
  const hashTarget = useHashTarget();
  const [open, setOpen] = useState<string[]>([]);

  // The entry the address names (a search hit) opens and comes into view; the others stay as they were.
  useEffect(() => {
    const entry = items.find((item) => faqAnchor(item.id) === hashTarget);
    if (!entry) return;
    setOpen((current) => (current.includes(entry.id) ? current : [...current, entry.id]));
    requestAnimationFrame(() => scrollToId(faqAnchor(entry.id)));
  }, [hashTarget, items]);

  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-2xl font-bold tracking-tight sm:text-3xl">
        {faqHeading}
      </h2>
      <p className="mt-2 max-w-2xl text-slate-700">{faqIntro}</p>
      {/* Radix renders closed answers as nothing, so without JavaScript the plain list stands in. */}
      <noscript>
        <style>{'.faq-accordion{display:none}'}</style>
        <div className="mt-6 space-y-6">
          {items.map((item) => (
            <div key={item.id} id={faqAnchor(item.id)}>
              <h3 className="text-lg font-semibold text-ink">{item.question}</h3>
              <p className="mt-2 max-w-3xl leading-relaxed text-slate-700">{item.answer}</p>
            </div>
          ))}
        </div>
      </noscript>
      <Accordion.Root
        type="multiple"
        value={open}
        onValueChange={setOpen}
        className="faq-accordion mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
      >
        {items.map((item) => (
          // The anchor is the <noscript> list's until hydration, so no id is in the page twice.
          <Accordion.Item key={item.id} value={item.id} id={hydrated ? faqAnchor(item.id) : undefined}>
            <Accordion.Header asChild>
              <h3>
                <Accordion.Trigger className="group flex w-full cursor-pointer items-center justify-between gap-4 px-5 py-4 text-left text-base font-semibold text-ink hover:bg-slate-50 sm:text-lg">
                  {item.question}
                  <ChevronDown
                    aria-hidden="true"
                    className="h-5 w-5 shrink-0 text-brand-700 transition-transform duration-200 group-data-[state=open]:rotate-180"
                  />
                </Accordion.Trigger>
              </h3>
            </Accordion.Header>
            <Accordion.Content className="px-5 pb-5 text-slate-700">
              <p className="max-w-3xl leading-relaxed">{item.answer}</p>
            </Accordion.Content>
          </Accordion.Item>
        ))}
      </Accordion.Root>
      <div className="mt-8 flex flex-wrap items-center gap-4 rounded-xl bg-slate-50 p-5">
        <p className="text-slate-700">{faqContact.text}</p>
        <a href={faqContact.href} onClick={(event) => sectionLink(event, faqContact.href)} className={buttonClass('primary', 'md')}>
          {faqContact.label}
        </a>
      </div>
    </section>
  );
}
