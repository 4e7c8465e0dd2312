import { howWeDoIt } from '@content/home';
import { SectionHeading } from '~/components/layout/section-heading';
import { HomeIcon } from './home-icon';
import { HomeSection } from './home-section';

/** 'How We Do It' (docs/pages.md): transportation, storage, implementation, as three numbered steps. */
export function HowWeDoItSection() {
  return (
    <HomeSection id="how-we-do-it">
      <div className="container-page">
        <SectionHeading
          id="how-we-do-it-heading"
          eyebrow={howWeDoIt.eyebrow}
          title={howWeDoIt.heading}
          lead={howWeDoIt.lead}
          align="center"
        />
        <div className="relative mt-16">
          {/* The road that links the three steps on wide screens. */}
          <div aria-hidden="true" className="absolute left-[16.6%] right-[16.6%] top-8 hidden border-t-2 border-dashed border-brand-200 md:block" />
          <ol className="relative grid gap-10 md:grid-cols-3 md:gap-8">
          {howWeDoIt.steps.map((step, index) => (
            <li key={step.title} className="relative text-center">
              <span className="relative mx-auto flex h-16 w-16 items-center justify-center rounded-2xl bg-gradient-to-br from-brand-600 to-navy-700 text-white shadow-lg shadow-brand-700/20">
                <HomeIcon name={step.icon} className="h-7 w-7" />
                <span className="absolute -right-2 -top-2 flex h-7 w-7 items-center justify-center rounded-full bg-flame-600 text-xs font-bold text-white ring-4 ring-white">
                  {index + 1}
                </span>
              </span>
              <h3 className="mt-6 text-xl font-bold text-ink">{step.title}</h3>
              <p className="mx-auto mt-3 max-w-sm text-sm leading-relaxed text-slate-600">{step.text}</p>
            </li>
          ))}
          </ol>
        </div>
      </div>
    </HomeSection>
  );
}
