import type { ToolFeature } from '@content/platforms';
import { CircleCheck } from 'lucide-react';
import { cn } from '~/lib/cn';
import { ScreenshotComingSoon } from './coming-soon';
import { IconBadge } from './icon-badge';
import { ScreenshotDialog } from './screenshot-dialog';

export function featureAnchor(title: string) {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** On desktops the card is two columns and the screenshot alternates sides, card by card. */
const screenshotSizes = '(min-width: 80rem) 36rem, (min-width: 64rem) 45vw, calc(100vw - 4rem)';

function ToolFeatureCard({ feature, index }: { feature: ToolFeature; index: number }) {
  const headingId = `${featureAnchor(feature.title)}-title`;
  const flipped = index % 2 === 1;
  return (
    <li
      id={featureAnchor(feature.title)}
      className="scroll-mt-24 rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:p-10"
    >
      <article aria-labelledby={headingId} className="grid items-center gap-8 lg:grid-cols-2 lg:gap-12">
        <div className={cn(flipped && 'lg:order-2')}>
          <div className="flex items-center gap-4">
            <IconBadge icon={feature.icon} />
            <span aria-hidden="true" className="text-sm font-bold tracking-widest text-slate-500">
              {String(index + 1).padStart(2, '0')}
            </span>
          </div>
          <h3 id={headingId} className="mt-5 text-2xl font-bold tracking-tight text-ink">
            {feature.title}
          </h3>
          <p className="mt-2 text-slate-600">{feature.summary}</p>
          <ul className="mt-6 space-y-3">
            {feature.bullets.map((bullet) => (
              <li key={bullet} className="flex gap-3">
                <CircleCheck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" />
                <span className="text-slate-700">{bullet}</span>
              </li>
            ))}
          </ul>
        </div>
        <div className={cn(flipped && 'lg:order-1')}>
          {feature.screenshot ? (
            <ScreenshotDialog shot={feature.screenshot} title={feature.title} sizes={screenshotSizes} />
          ) : (
            <ScreenshotComingSoon />
          )}
        </div>
      </article>
    </li>
  );
}

/** The feature cards of a tool page, each with its bullets and an enlargeable screenshot. */
export function ToolFeatureList({ features }: { features: readonly ToolFeature[] }) {
  return (
    <ol className="space-y-8">
      {features.map((feature, index) => (
        <ToolFeatureCard key={feature.title} feature={feature} index={index} />
      ))}
    </ol>
  );
}
