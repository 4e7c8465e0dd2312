/**
 * Small decorative drawings of the two platforms for the Tools cards (inline SVG: no
 * request, no layout shift). They suggest the product; they are not data.
 */
export function MarketArt() {
  return (
    <svg viewBox="0 0 320 120" width="320" height="120" aria-hidden="true" className="h-auto w-full">
      <defs>
        <linearGradient id="market-area" x1="0" x2="0" y1="0" y2="1">
          <stop offset="0%" stopColor="#0e9cc2" stopOpacity="0.45" />
          <stop offset="100%" stopColor="#0e9cc2" stopOpacity="0" />
        </linearGradient>
      </defs>
      {[30, 60, 90].map((y) => (
        <line key={y} x1="0" x2="320" y1={y} y2={y} stroke="#ffffff" strokeOpacity="0.08" />
      ))}
      <path d="M0 95 L40 82 L80 88 L120 64 L160 70 L200 46 L240 52 L280 28 L320 34 L320 120 L0 120 Z" fill="url(#market-area)" />
      <path d="M0 95 L40 82 L80 88 L120 64 L160 70 L200 46 L240 52 L280 28 L320 34" fill="none" stroke="#a5e8f7" strokeWidth="3" strokeLinejoin="round" />
      <circle cx="280" cy="28" r="6" fill="#f97316" stroke="#ffffff" strokeWidth="2" />
    </svg>
  );
}

export function LeaseArt() {
  const tanks = [
    { x: 12, level: 0.8 },
    { x: 88, level: 0.45 },
    { x: 164, level: 0.65 },
    { x: 240, level: 0.3 },
  ];
  return (
    <svg viewBox="0 0 320 120" width="320" height="120" aria-hidden="true" className="h-auto w-full">
      {tanks.map((tank) => {
        const height = 84;
        const fill = height * tank.level;
        return (
          <g key={tank.x}>
            <rect x={tank.x} y="18" width="64" height={height} rx="14" fill="#ffffff" fillOpacity="0.08" stroke="#ffffff" strokeOpacity="0.25" />
            <rect x={tank.x + 6} y={18 + height - fill} width="52" height={fill - 6} rx="9" fill={tank.level < 0.35 ? '#f97316' : '#0e9cc2'} fillOpacity="0.85" />
          </g>
        );
      })}
    </svg>
  );
}
