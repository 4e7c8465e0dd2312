import type { SolutionCard } from '@content/home';
import { Check, RotateCw } from 'lucide-react';
import { type FocusEvent, type MouseEvent, type PointerEvent, useRef, useState } from 'react';
import { cn } from '~/lib/cn';
import { HomeIcon } from './home-icon';

/**
 * A solution card that turns over to show its details: on mouse hover, on keyboard focus,
 * and on a tap or Enter (the corner button toggles it). Both faces stay in the DOM and in
 * the accessibility tree, so screen readers read the whole card whichever side shows; the
 * hidden face is only turned away visually. Reduced motion swaps the faces without spinning.
 */
export function FlipCard({ card, flipHint }: { card: SolutionCard; flipHint: string }) {
  const [flipped, setFlipped] = useState(false);
  // Hover is a mouse idea: a touch "hover" would flip the card just before the tap flips it back.
  const lastPointerType = useRef('mouse');
  const titleId = `solution-${card.id}-title`;

  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType === 'mouse') setFlipped(true);
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType === 'mouse') setFlipped(false);
  };
  const onFocus = (event: FocusEvent<HTMLElement>) => {
    // Keyboard focus shows the details; the focus a tap gives the button must not, or the tap would undo it.
    if (event.target.matches(':focus-visible')) setFlipped(true);
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFlipped(false);
  };
  const onCardClick = (event: MouseEvent<HTMLElement>) => {
    // A tap anywhere on the card turns it on touch screens; the button handles its own clicks.
    if (lastPointerType.current === 'mouse' || (event.target as Element).closest('button')) return;
    setFlipped((value) => !value);
  };

  const face = 'flex flex-col rounded-2xl p-6 [grid-area:1/1] backface-hidden';
  return (
    <article
      aria-labelledby={titleId}
      data-flipped={flipped}
      className="group relative h-full perspective-[1400px]"
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onPointerDown={(event) => {
        lastPointerType.current = event.pointerType;
      }}
      onFocus={onFocus}
      onBlur={onBlur}
      onClick={onCardClick}
    >
      <div
        className={cn(
          'grid h-full min-h-80 transition-transform duration-700 ease-out transform-3d motion-reduce:transition-none',
          // Before hydration there is no state yet: let CSS hover do the turning.
          '[html:not([data-hydrated])_.group:hover_&]:rotate-y-180',
          flipped && 'rotate-y-180',
        )}
      >
        <div
          className={cn(
            face,
            'bg-gradient-to-br from-navy-800 via-navy-700 to-brand-700 text-white shadow-xl ring-1 ring-white/10',
          )}
        >
          <span className="flex h-14 w-14 items-center justify-center rounded-2xl bg-white/10 text-brand-100 ring-1 ring-white/20">
            <HomeIcon name={card.icon} className="h-7 w-7" />
          </span>
          <h3 id={titleId} className="mt-6 text-3xl font-extrabold tracking-tight">
            {card.title}
          </h3>
          <p className="mt-1 text-sm font-medium text-brand-100">{card.subtitle}</p>
          <p className="mt-4 text-base leading-snug text-slate-200">{card.tagline}</p>
          <p aria-hidden="true" className="mt-auto flex items-center gap-2 pt-6 text-xs font-medium uppercase tracking-wider text-slate-300">
            <RotateCw className="h-3.5 w-3.5" />
            {flipHint}
          </p>
        </div>
        <div className={cn(face, 'rotate-y-180 bg-white text-ink shadow-xl ring-1 ring-slate-200')}>
          <p className="text-xs font-semibold uppercase tracking-widest text-brand-700">{card.subtitle}</p>
          <p className="mb-4 mt-3 text-sm leading-relaxed text-slate-700">{card.description}</p>
          <ul className="mt-auto space-y-2 border-t border-slate-100 pt-4">
            {card.points.map((point) => (
              <li key={point} className="flex gap-2 text-sm text-slate-700">
                <Check aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" />
                {point}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <button
        type="button"
        aria-pressed={flipped}
        aria-label={`Show ${card.title} details`}
        onClick={() => setFlipped((value) => !value)}
        className={cn(
          'absolute right-3 top-3 flex h-10 w-10 cursor-pointer items-center justify-center rounded-full transition-colors',
          flipped ? 'bg-brand-50 text-brand-700 hover:bg-brand-100' : 'bg-white/10 text-white hover:bg-white/20',
        )}
      >
        <RotateCw aria-hidden="true" className="h-5 w-5" />
      </button>
    </article>
  );
}
