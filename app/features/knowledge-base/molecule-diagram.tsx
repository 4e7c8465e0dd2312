import { useId } from 'react';

const names = { 1: 'methane', 2: 'ethane', 3: 'propane', 4: 'normal butane' } as const;
const BOND = 90;
const H_OFFSET = 62;
const MARGIN = 30;
const AXIS_Y = 95;

interface Atom {
  element: 'C' | 'H';
  x: number;
  y: number;
}

/** Carbon i of the chain sits at x(i); each carries a hydrogen above and below, the ends one more each. */
export function chainAtoms(carbons: number): { atoms: Atom[]; bonds: Array<[Atom, Atom]> } {
  const x = (i: number) => MARGIN + H_OFFSET + i * BOND;
  const chain = Array.from({ length: carbons }, (_, i): Atom => ({ element: 'C', x: x(i), y: AXIS_Y }));
  const atoms: Atom[] = [...chain];
  const bonds: Array<[Atom, Atom]> = [];
  chain.forEach((carbon, i) => {
    const hydrogens: Atom[] = [
      { element: 'H', x: carbon.x, y: AXIS_Y - H_OFFSET },
      { element: 'H', x: carbon.x, y: AXIS_Y + H_OFFSET },
    ];
    if (i === 0) hydrogens.push({ element: 'H', x: carbon.x - H_OFFSET, y: AXIS_Y });
    if (i === carbons - 1) hydrogens.push({ element: 'H', x: carbon.x + H_OFFSET, y: AXIS_Y });
    for (const hydrogen of hydrogens) bonds.push([carbon, hydrogen]);
    atoms.push(...hydrogens);
    const nextCarbon = chain[i + 1];
    if (nextCarbon) bonds.push([carbon, nextCarbon]);
  });
  return { atoms, bonds };
}

/**
 * A structural drawing of a straight-chain alkane: carbons (dark) in a row joined by
 * single bonds, each with its hydrogens (light). One image to assistive technology.
 */
export function MoleculeDiagram({ carbons, formula }: { carbons: 1 | 2 | 3 | 4; formula: string }) {
  const titleId = useId();
  const { atoms, bonds } = chainAtoms(carbons);
  const width = 2 * (MARGIN + H_OFFSET) + (carbons - 1) * BOND;
  const hydrogens = 2 * carbons + 2;
  const label = `Structure of ${names[carbons]} (${formula}): ${carbons === 1 ? 'one carbon atom' : `${carbons} carbon atoms in a chain`} bonded to ${hydrogens} hydrogen atoms.`;
  return (
    <svg
      role="img"
      aria-labelledby={titleId}
      viewBox={`0 0 ${width} ${2 * AXIS_Y}`}
      // Drawn at its natural size so every molecule has the same atom size; shrinks on phones.
      width={width}
      className="mx-auto h-auto max-w-full"
    >
      <title id={titleId}>{label}</title>
      <g stroke="#475569" strokeWidth={4} strokeLinecap="round">
        {bonds.map(([from, to]) => (
          <line key={`${from.x},${from.y}-${to.x},${to.y}`} x1={from.x} y1={from.y} x2={to.x} y2={to.y} />
        ))}
      </g>
      {atoms.map((atom) => (
        <g key={`${atom.element}-${atom.x},${atom.y}`}>
          <circle
            cx={atom.x}
            cy={atom.y}
            r={atom.element === 'C' ? 24 : 16}
            fill={atom.element === 'C' ? '#0b1f35' : '#cff4fc'}
            stroke={atom.element === 'C' ? '#0b1f35' : '#0b6683'}
            strokeWidth={2}
          />
          <text
            x={atom.x}
            y={atom.y}
            dy="0.35em"
            textAnchor="middle"
            fontSize={atom.element === 'C' ? 22 : 16}
            fontWeight={700}
            fill={atom.element === 'C' ? '#ffffff' : '#0b1f35'}
          >
            {atom.element}
          </text>
        </g>
      ))}
    </svg>
  );
}

/** The four stages of the virtual pipeline as a left-to-right flow. */
export function ProcessDiagram({ stages }: { stages: readonly string[] }) {
  const titleId = useId();
  // useId's characters are not all valid inside url(#…).
  const arrowId = `arrow-${titleId.replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const boxWidth = 136;
  const gap = 44;
  const width = stages.length * boxWidth + (stages.length - 1) * gap + 8;
  return (
    <svg role="img" aria-labelledby={titleId} viewBox={`0 0 ${width} 96`} className="h-auto w-full">
      <title id={titleId}>{`The virtual pipeline, step by step: ${stages.join(', then ')}.`}</title>
      <defs>
        <marker id={arrowId} viewBox="0 0 10 10" refX="8" refY="5" markerWidth="6" markerHeight="6" orient="auto">
          <path d="M0,0 L10,5 L0,10 z" fill="#0b6683" />
        </marker>
      </defs>
      {stages.map((stage, index) => {
        const x = 4 + index * (boxWidth + gap);
        return (
          <g key={stage}>
            <rect x={x} y={14} width={boxWidth} height={68} rx={12} fill={index % 2 ? '#ecfbff' : '#0b1f35'} stroke="#0b6683" strokeWidth={2} />
            <text x={x + boxWidth / 2} y={48} dy="0.35em" textAnchor="middle" fontSize={16} fontWeight={700} fill={index % 2 ? '#0b1f35' : '#ffffff'}>
              {stage}
            </text>
            {index < stages.length - 1 ? (
              <line
                x1={x + boxWidth + 4}
                y1={48}
                x2={x + boxWidth + gap - 6}
                y2={48}
                stroke="#0b6683"
                strokeWidth={3}
                markerEnd={`url(#${arrowId})`}
              />
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}
