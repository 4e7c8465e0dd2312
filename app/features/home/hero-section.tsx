import { hero } from '@content/home';
import { pages } from '@content/pages';
import { ArrowRight, Factory, Truck, Zap } from 'lucide-react';
import { buttonClass } from '~/components/ui/button';
import { useSectionLink } from '~/lib/scroll-to-section';

/** The slogan with its last word picked out; the text stays exactly pages.home.heading. */
function Slogan() {
  const heading = pages.home.heading;
  const split = heading.lastIndexOf(' ');
  return (
    <h1 id="hero-heading" className="text-5xl font-extrabold tracking-tight text-white sm:text-6xl lg:text-7xl">
      {heading.slice(0, split + 1)}
      <span className="bg-gradient-to-r from-brand-200 via-brand-100 to-flame-400 bg-clip-text text-transparent">
        {heading.slice(split + 1)}
      </span>
    </h1>
  );
}

/** A drawing of the virtual pipeline: source, truck on the road, customer site. */
function RouteIllustration() {
  const node = 'flex h-14 w-14 items-center justify-center rounded-2xl shadow-lg ring-1 ring-white/20';
  return (
    <div aria-hidden="true" className="relative hidden lg:block">
      <div className="absolute -inset-8 rounded-full bg-brand-500/20 blur-3xl" />
      <div className="relative rounded-3xl border border-white/10 bg-white/[0.06] p-8 shadow-2xl backdrop-blur-sm">
        <p className="text-xs font-semibold uppercase tracking-widest text-brand-200">{hero.route.pipeline}</p>
        <div className="mt-8 grid grid-cols-[auto_1fr_auto] items-center gap-4">
          <div className={`${node} bg-navy-700`}>
            <Factory className="h-7 w-7 text-brand-100" />
          </div>
          <div className="relative h-0 border-t-2 border-dashed border-brand-200/50">
            <div className="absolute left-1/2 top-0 flex h-11 w-11 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-flame-500 shadow-lg shadow-flame-500/30">
              <Truck className="h-5 w-5 text-white" />
            </div>
          </div>
          <div className={`${node} bg-brand-600`}>
            <Zap className="h-7 w-7 text-white" />
          </div>
        </div>
        <div className="mt-3 flex justify-between text-xs text-slate-300">
          <span className="max-w-24">{hero.route.source}</span>
          <span className="max-w-24 text-right">{hero.route.site}</span>
        </div>
        <div className="mt-8 grid grid-cols-3 gap-3">
          {[
            ['LNG', '-260°F'],
            ['NGL', 'Takeaway'],
            ['Storage', 'On site'],
          ].map(([label, value]) => (
            <div key={label} className="rounded-xl bg-navy-950/50 p-3 ring-1 ring-white/10">
              <p className="text-[0.7rem] uppercase tracking-wider text-slate-400">{label}</p>
              <p className="mt-1 font-semibold text-white">{value}</p>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

export function HeroSection() {
  const onSectionClick = useSectionLink();
  return (
    <section
      id="top"
      aria-labelledby="hero-heading"
      tabIndex={-1}
      className="relative isolate overflow-hidden bg-navy-950 focus:outline-none"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_right,rgba(14,156,194,0.35),transparent_55%),radial-gradient(ellipse_at_bottom_left,rgba(249,115,22,0.18),transparent_50%)]"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 opacity-[0.05] [background-image:linear-gradient(rgba(255,255,255,1)_1px,transparent_1px),linear-gradient(90deg,rgba(255,255,255,1)_1px,transparent_1px)] [background-size:48px_48px]"
      />
      <div className="container-page grid items-center gap-16 py-20 sm:py-28 lg:grid-cols-[1.15fr_1fr]">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-brand-100 ring-1 ring-white/15">
            <span className="h-2 w-2 rounded-full bg-flame-400" aria-hidden="true" />
            {hero.eyebrow}
          </p>
          <div className="mt-6">
            <Slogan />
          </div>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-slate-300">{hero.lead}</p>
          <div className="mt-9 flex flex-col gap-3 sm:flex-row">
            <a
              href={hero.primaryAction.href}
              onClick={(event) => onSectionClick(event, hero.primaryAction.href)}
              className={buttonClass('accent', 'lg')}
            >
              {hero.primaryAction.label}
              <ArrowRight aria-hidden="true" className="h-5 w-5" />
            </a>
            <a
              href={hero.secondaryAction.href}
              onClick={(event) => onSectionClick(event, hero.secondaryAction.href)}
              className={buttonClass('ghost', 'lg', 'text-white ring-1 ring-white/25 hover:bg-white/10')}
            >
              {hero.secondaryAction.label}
            </a>
          </div>
          {/* A figure never wraps ('< 24 months' on one line); a column is at least as wide as its figure. */}
          <dl className="mt-12 grid max-w-xl grid-cols-[repeat(3,minmax(min-content,1fr))] gap-4 border-t sm:gap-6 border-white/10 pt-8">
            {hero.highlights.map((item) => (
              <div key={item.label} className="flex flex-col-reverse gap-1">
                <dt className="text-xs leading-snug text-slate-400 sm:text-sm">{item.label}</dt>
                <dd className="whitespace-nowrap text-lg font-bold text-white sm:text-2xl">{item.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <RouteIllustration />
      </div>
    </section>
  );
}
