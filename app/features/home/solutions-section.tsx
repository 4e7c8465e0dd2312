import { solutions } from '@content/home';
import { SectionHeading } from '~/components/layout/section-heading';
import { FlipCard } from './flip-card';
import { HomeSection } from './home-section';

/** Four flip cards (LNG, NGLs, VPV Lease, VPV Market). Anchor: #solutions (docs/pages.md). */
export function SolutionsSection() {
  return (
    <HomeSection id="solutions" className="bg-navy-950 bg-[radial-gradient(ellipse_at_top,rgba(14,156,194,0.22),transparent_60%)]">
      <div className="container-page">
        <SectionHeading id="solutions-heading" eyebrow={solutions.eyebrow} title={solutions.heading} lead={solutions.lead} inverse />
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {solutions.cards.map((card) => (
            <li key={card.id}>
              <FlipCard card={card} flipHint={solutions.flipHint} />
            </li>
          ))}
        </ul>
      </div>
    </HomeSection>
  );
}
