// The three VPV Lease screens: equipment catalogue, scheduling timeline and remote lease
// management. Unit numbers, sites and rates are invented sample data.
import { content, frame, leaseNav } from './frame.ts';
import { chip, gauge, kpi, legend, lineChart, panel, rect, seeded, table, tank, text, theme, walk } from './svg.ts';

const { x: left, right } = content;
const fullWidth = right - left;

type Equipment = 'trailer' | 'vertical' | 'bullet' | 'vaporizer' | 'skid' | 'iso';

/** Simple line drawings of each equipment type, centered in a w×h box at (x, y). */
function illustration(kind: Equipment, x: number, y: number, w: number, h: number): string {
  const cx = x + w / 2;
  const base = y + h - 18;
  const steel = '#c8d6e5';
  const outline = `stroke="${theme.faint}" stroke-width="1.2"`;
  const wheel = (wx: number) => `<circle cx="${wx}" cy="${base}" r="9" fill="#1f2937" stroke="${theme.muted}" stroke-width="2"/>`;
  switch (kind) {
    case 'trailer':
      return [
        rect(cx - 110, base - 52, 196, 40, steel, 20, outline),
        rect(cx - 96, base - 46, 150, 6, '#ffffff', 3, 'fill-opacity="0.45"'),
        rect(cx - 116, base - 14, 220, 6, '#475569', 2),
        rect(cx + 86, base - 40, 22, 26, '#64748b', 3),
        wheel(cx + 20),
        wheel(cx + 44),
        wheel(cx + 68),
        `<line x1="${cx - 100}" y1="${base - 8}" x2="${cx - 100}" y2="${base + 6}" stroke="#64748b" stroke-width="3"/>`,
        text(cx - 20, base - 28, 'LNG', { size: 11, weight: 700, fill: theme.brand, anchor: 'middle' }),
      ].join('');
    case 'vertical':
      return [
        rect(cx - 22, y + 8, 44, h - 30, steel, 20, outline),
        rect(cx - 14, y + 16, 8, h - 50, '#ffffff', 4, 'fill-opacity="0.45"'),
        `<line x1="${cx - 18}" y1="${base - 4}" x2="${cx - 26}" y2="${base + 8}" stroke="#64748b" stroke-width="3"/>`,
        `<line x1="${cx + 18}" y1="${base - 4}" x2="${cx + 26}" y2="${base + 8}" stroke="#64748b" stroke-width="3"/>`,
        rect(cx + 22, y + 40, 14, 4, '#64748b', 1),
      ].join('');
    case 'bullet':
      return [
        rect(cx - 100, base - 50, 200, 42, steel, 21, outline),
        rect(cx - 86, base - 44, 160, 6, '#ffffff', 3, 'fill-opacity="0.45"'),
        rect(cx - 70, base - 8, 16, 16, '#64748b', 2),
        rect(cx + 54, base - 8, 16, 16, '#64748b', 2),
        rect(cx - 8, base - 62, 16, 12, '#64748b', 2),
        text(cx, base - 24, 'NGL', { size: 11, weight: 700, fill: theme.flame, anchor: 'middle' }),
      ].join('');
    case 'vaporizer':
      return [
        ...Array.from({ length: 6 }, (_, index) => rect(cx - 66 + index * 22, y + 10, 14, h - 36, steel, 3, outline)),
        rect(cx - 74, y + 6, 148, 6, '#64748b', 2),
        rect(cx - 74, base - 6, 148, 8, '#64748b', 2),
        `<path d="M${cx + 80},${y + 30} h18 v40" fill="none" stroke="${theme.brand}" stroke-width="4"/>`,
      ].join('');
    case 'skid':
      return [
        rect(cx - 100, base - 8, 200, 10, '#64748b', 2),
        rect(cx - 88, base - 52, 56, 44, steel, 6, outline),
        `<path d="M${cx - 32},${base - 34} h40 v-16 h40 v24 h40" fill="none" stroke="${theme.brand}" stroke-width="5"/>`,
        `<circle cx="${cx + 28}" cy="${base - 50}" r="8" fill="${theme.flame}"/>`,
        rect(cx + 60, base - 46, 26, 38, steel, 4, outline),
      ].join('');
    case 'iso':
      return [
        rect(cx - 104, y + 14, 208, h - 40, 'none', 2, `stroke="${theme.amber}" stroke-width="4"`),
        `<line x1="${cx - 104}" y1="${y + 14}" x2="${cx + 104}" y2="${base - 8}" stroke="${theme.amber}" stroke-width="1.5" opacity="0.5"/>`,
        rect(cx - 92, y + 24, 184, h - 60, steel, 26, outline),
        rect(cx - 76, y + 32, 140, 6, '#ffffff', 3, 'fill-opacity="0.45"'),
      ].join('');
  }
}

export function equipmentOnDemand(): string {
  const cards: Array<{ kind: Equipment; name: string; spec: string; location: string; rate: string; status: [string, string] }> = [
    { kind: 'trailer', name: 'Cryogenic Trailer CT-10', spec: '10,500 gal · MAWP 70 psig', location: 'Odessa, TX', rate: '$385 / day', status: ['4 available', theme.green] },
    { kind: 'vertical', name: 'LNG Storage Tank VS-15', spec: '15,000 gal · vertical, vacuum jacketed', location: 'Midland, TX', rate: '$520 / day', status: ['2 available', theme.green] },
    { kind: 'bullet', name: 'NGL Bullet Tank BT-30', spec: '30,000 gal · 250 psig', location: 'Pecos, TX', rate: '$290 / day', status: ['1 available', theme.amber] },
    { kind: 'vaporizer', name: 'Ambient Vaporizer AV-6', spec: '6,000 scfh · regasification', location: 'Odessa, TX', rate: '$240 / day', status: ['3 available', theme.green] },
    { kind: 'skid', name: 'Pressure Reduction Skid PR-2', spec: '2 MMscfd · metering, odorant', location: 'San Angelo, TX', rate: '$310 / day', status: ['Reserved', theme.blue] },
    { kind: 'iso', name: 'ISO Container IC-40', spec: '40 ft · 11,000 gal LNG', location: 'Houston, TX', rate: '$360 / day', status: ['Ships in 48 h', theme.violet] },
  ];
  const gap = 12;
  const cardWidth = (fullWidth - gap * 2) / 3;
  const cardHeight = 262;
  const cardsSvg = cards
    .map((card, index) => {
      const x = left + (index % 3) * (cardWidth + gap);
      const y = 198 + Math.floor(index / 3) * (cardHeight + gap);
      const buttonLabel = card.status[0] === 'Reserved' ? 'Join waitlist' : 'Reserve';
      return [
        rect(x, y, cardWidth, cardHeight, theme.panel, 10, `stroke="${theme.border}"`),
        rect(x + 1, y + 1, cardWidth - 2, 128, theme.panelAlt, 9),
        illustration(card.kind, x, y + 28, cardWidth, 100),
        chip(x + 14, y + 22, card.status[0], card.status[1]),
        text(x + 16, y + 152, card.name, { size: 14, weight: 700 }),
        text(x + 16, y + 170, card.spec, { size: 11, fill: theme.muted }),
        text(x + 16, y + 196, 'Location', { size: 10.5, fill: theme.faint }),
        text(x + 16, y + 212, card.location, { size: 12 }),
        text(x + 150, y + 196, 'Rate', { size: 10.5, fill: theme.faint }),
        text(x + 150, y + 212, card.rate, { size: 12, weight: 700 }),
        rect(x + 16, y + 224, cardWidth - 32, 28, buttonLabel === 'Reserve' ? theme.brand : theme.panelAlt, 7, buttonLabel === 'Reserve' ? '' : `stroke="${theme.border}"`),
        text(x + cardWidth / 2, y + 242, buttonLabel, { size: 12, weight: 700, anchor: 'middle' }),
      ].join('');
    })
    .join('');
  const body = [
    [
      { label: 'Available now', value: '42', unit: 'units', delta: '6 added this week', accent: theme.green },
      { label: 'On lease', value: '118', unit: 'units', delta: '74% utilization', accent: theme.cyan },
      { label: 'Avg. delivery', value: '18', unit: 'hours', delta: '3 h faster vs Q2', accent: theme.violet },
      { label: 'Open quotes', value: '5', unit: 'requests', delta: '2 expire today', positive: false, accent: theme.amber },
    ]
      .map((tile, index) => kpi(left + index * ((fullWidth - 36) / 4 + 12), content.y, (fullWidth - 36) / 4, 92, tile))
      .join(''),
    cardsSvg,
  ].join('');
  return frame({
    product: 'VPV Lease',
    nav: leaseNav,
    active: 'Equipment',
    title: 'Equipment On Demand',
    subtitle: 'Storage tanks, cryogenic trailers, regasification and skids',
    pills: ['Permian Basin', 'All equipment'],
    alerts: 2,
    body,
  });
}

export function flexibleScheduling(): string {
  const days = Array.from({ length: 14 }, (_, index) => index + 15);
  const units = ['CT-10-04', 'CT-10-07', 'CT-10-11', 'VS-15-02', 'BT-30-05', 'BT-30-09', 'AV-6-03', 'PR-2-01', 'IC-40-06', 'IC-40-08'];
  type Kind = 'Lease' | 'Delivery' | 'Swap' | 'Pickup' | 'Maintenance';
  const colors: Record<Kind, string> = { Lease: theme.brand, Delivery: theme.green, Swap: theme.violet, Pickup: theme.amber, Maintenance: theme.red };
  const bookings: Array<[number, number, number, Kind, string]> = [
    [0, 0, 6, 'Lease', 'Loving Co. 12'],
    [0, 6, 1, 'Swap', ''],
    [0, 7, 7, 'Lease', 'Reeves Plant'],
    [1, 2, 1, 'Delivery', ''],
    [1, 3, 11, 'Lease', 'Permian Power 4 MW'],
    [2, 0, 3, 'Lease', 'Pecos CS 3'],
    [2, 3, 1, 'Pickup', ''],
    [2, 5, 2, 'Maintenance', 'Inspection'],
    [3, 0, 14, 'Lease', 'Permian Power 4 MW · long term'],
    [4, 1, 1, 'Delivery', ''],
    [4, 2, 9, 'Lease', 'Midland Stn 7'],
    [4, 11, 1, 'Pickup', ''],
    [5, 4, 1, 'Delivery', ''],
    [5, 5, 9, 'Lease', 'Loving Co. 12'],
    [6, 0, 8, 'Lease', 'Big Spring mill'],
    [6, 8, 1, 'Pickup', ''],
    [7, 3, 1, 'Delivery', ''],
    [7, 4, 10, 'Lease', 'Permian Power 4 MW'],
    [8, 6, 1, 'Delivery', ''],
    [8, 7, 7, 'Lease', 'Gulf Coast fab'],
    [9, 0, 2, 'Maintenance', 'Recert'],
    [9, 9, 1, 'Delivery', ''],
    [9, 10, 4, 'Lease', 'San Angelo'],
  ];
  const gridLeft = left + 96;
  const gridTop = 170;
  const gantWidth = 650 - 96 - 16;
  const dayWidth = gantWidth / days.length;
  const rowHeight = 46;
  const parts = [
    panel(left, content.y, 650, fullWidth > 0 ? 646 : 0, 'Equipment timeline', 'Sep 15 – 28, 2025'),
    legend(left + 16, 140, [{ label: 'Lease', color: colors.Lease }], 0),
    legend(left + 84, 140, [{ label: 'Delivery', color: colors.Delivery }], 0),
    legend(left + 164, 140, [{ label: 'Swap', color: colors.Swap }], 0),
    legend(left + 226, 140, [{ label: 'Pickup', color: colors.Pickup }], 0),
    legend(left + 296, 140, [{ label: 'Maintenance', color: colors.Maintenance }], 0),
  ];
  days.forEach((day, index) => {
    const x = gridLeft + index * dayWidth;
    const weekend = index % 7 === 5 || index % 7 === 6;
    if (weekend) parts.push(rect(x, gridTop + 14, dayWidth, rowHeight * units.length, theme.panelAlt, 0, 'fill-opacity="0.6"'));
    parts.push(text(x + dayWidth / 2, gridTop + 4, String(day), { size: 10.5, fill: index === 9 ? theme.cyan : theme.faint, anchor: 'middle', weight: index === 9 ? 700 : 400 }));
    parts.push(`<line x1="${x}" y1="${gridTop + 14}" x2="${x}" y2="${gridTop + 14 + rowHeight * units.length}" stroke="${theme.grid}"/>`);
  });
  units.forEach((unit, index) => {
    const y = gridTop + 14 + index * rowHeight;
    parts.push(text(left + 16, y + rowHeight / 2 + 4, unit, { size: 11.5, weight: 700 }));
    parts.push(`<line x1="${left + 16}" y1="${y + rowHeight}" x2="${gridLeft + gantWidth}" y2="${y + rowHeight}" stroke="${theme.grid}"/>`);
  });
  for (const [row, start, length, kind, label] of bookings) {
    const x = gridLeft + start * dayWidth + 2;
    const y = gridTop + 14 + row * rowHeight + 9;
    const width = length * dayWidth - 4;
    parts.push(rect(x, y, width, rowHeight - 18, colors[kind], 6, kind === 'Lease' ? 'fill-opacity="0.85"' : ''));
    if (label && width > 60) parts.push(text(x + 8, y + 18, label, { size: 10.5, weight: 700 }));
  }
  // Today marker.
  const todayX = gridLeft + 9.5 * dayWidth;
  parts.push(`<line x1="${todayX}" y1="${gridTop + 10}" x2="${todayX}" y2="${gridTop + 14 + rowHeight * units.length}" stroke="${theme.cyan}" stroke-width="2"/>`);

  const sideLeft = left + 662;
  const sideWidth = fullWidth - 662;
  parts.push(panel(sideLeft, content.y, sideWidth, 646, 'Upcoming moves', 'Next 72 h'));
  const moves: Array<[string, string, string, Kind]> = [
    ['Today 14:00', 'Deliver BT-30-05', 'Midland Stn 7', 'Delivery'],
    ['Today 17:30', 'Swap CT-10-04', 'Loving Co. 12 → Reeves', 'Swap'],
    ['Sep 25 07:00', 'Pickup CT-10-11', 'Pecos CS 3', 'Pickup'],
    ['Sep 25 09:00', 'Deliver IC-40-08', 'San Angelo', 'Delivery'],
    ['Sep 26 06:00', 'Recert AV-6-03', 'Odessa yard', 'Maintenance'],
    ['Sep 26 13:00', 'Extend PR-2-01', '+14 days requested', 'Lease'],
  ];
  moves.forEach(([when, what, where, kind], index) => {
    const y = 124 + index * 84;
    parts.push(
      rect(sideLeft + 16, y, sideWidth - 32, 72, theme.panelAlt, 8),
      rect(sideLeft + 16, y + 12, 3, 48, colors[kind], 1.5),
      text(sideLeft + 30, y + 22, when, { size: 10.5, fill: theme.muted }),
      text(sideLeft + 30, y + 41, what, { size: 12.5, weight: 700 }),
      text(sideLeft + 30, y + 58, where, { size: 11, fill: theme.muted }),
      chip(sideLeft + sideWidth - 28, y + 24, kind, colors[kind], 'end'),
    );
  });
  return frame({
    product: 'VPV Lease',
    nav: leaseNav,
    active: 'Schedule',
    title: 'Flexible Scheduling',
    subtitle: 'Daily, weekly and monthly terms · drag to reschedule',
    pills: ['2 weeks', 'All units (10)'],
    alerts: 1,
    body: parts.join(''),
  });
}

export function remoteLeasing(): string {
  const random = seeded(91);
  const pressure = walk(random, 48, 42, 3);
  const hours = Array.from({ length: 48 }, (_, index) => (index % 12 === 0 ? `${index - 48}h` : ''));
  const body = [
    [
      { label: 'Active leases', value: '12', unit: 'contracts', delta: '3 renewing in Oct', accent: theme.cyan },
      { label: 'Awaiting signature', value: '2', unit: 'e-sign', delta: 'sent today', accent: theme.amber },
      { label: 'Monthly spend', value: '$148,200', delta: '4.1% vs Aug', positive: false, accent: theme.violet },
      { label: 'Next invoice', value: 'Oct 1', delta: 'auto-pay on', accent: theme.green },
    ]
      .map((tile, index) => kpi(left + index * ((fullWidth - 36) / 4 + 12), content.y, (fullWidth - 36) / 4, 92, tile))
      .join(''),
    panel(left, 188, 600, 336, 'Leases', '12 active · 2 pending'),
    table(left + 16, 226, [
      { label: 'Lease #', width: 96 },
      { label: 'Equipment', width: 150 },
      { label: 'Site', width: 124 },
      { label: 'Ends', width: 84 },
      { label: 'Status', width: 114 },
    ], [
      ['L-3104', 'CT-10-07 trailer', 'Permian Power', 'Oct 31', 'chip:#34d399:Active'],
      ['L-3111', 'VS-15-02 tank', 'Permian Power', 'Mar 31', 'chip:#34d399:Active'],
      ['L-3118', 'BT-30-05 bullet', 'Midland Stn 7', 'Oct 3', 'chip:#fbbf24:Renewing'],
      ['L-3122', 'AV-6-03 vaporizer', 'Big Spring', 'Sep 30', 'chip:#fbbf24:Renewing'],
      ['L-3127', 'PR-2-01 skid', 'Permian Power', 'Oct 8', 'chip:#60a5fa:Extension'],
      ['L-3130', 'IC-40-08 ISO', 'San Angelo', 'Nov 15', 'chip:#f97316:Sign'],
      ['L-3131', 'CT-10-11 trailer', 'Gulf Coast fab', 'Dec 1', 'chip:#f97316:Sign'],
    ], 38),
    panel(left + 612, 188, fullWidth - 612, 336, 'Remote telemetry', 'VS-15-02 · Permian Power'),
    chip(left + 628, 240, 'LIVE', theme.green),
    tank(left + 636, 262, 60, 164, 0.63, theme.cyan, 'remote-tank'),
    text(left + 716, 282, 'Level', { size: 10.5, fill: theme.muted }),
    text(left + 716, 306, '63%', { size: 24, weight: 700, fill: theme.cyan }),
    text(left + 716, 322, '9,450 gal LNG', { size: 11, fill: theme.muted }),
    gauge(left + 878, 332, 46, 0.42, theme.violet),
    text(left + 878, 326, '42', { size: 20, weight: 700, anchor: 'middle' }),
    text(left + 878, 346, 'psig', { size: 10.5, fill: theme.muted, anchor: 'middle' }),
    text(left + 716, 372, 'Days of supply', { size: 10.5, fill: theme.muted }),
    text(left + 716, 392, '4.6 days at 2 MW', { size: 13, weight: 700 }),
    text(left + 716, 418, 'Next delivery: Sep 26 06:00', { size: 11, fill: theme.green }),
    lineChart(left + 640, 446, fullWidth - 612 - 48, 50, [{ values: pressure, color: theme.violet, area: true }], { min: 30, max: 55, ticks: 1, format: (v) => `${v.toFixed(0)}` }, hours, 'pressure'),
    panel(left, 536, fullWidth, 194, 'Documents', 'Contracts, certificates and invoices'),
    ...[
      ['Lease agreement L-3130.pdf', 'Awaiting your signature', 'chip:#f97316:Sign now'],
      ['Certificate of insurance 2025.pdf', 'Full coverage · expires Dec 31', 'chip:#34d399:Valid'],
      ['Invoice INV-20914.pdf', '$49,380 · paid Sep 1', 'chip:#34d399:Paid'],
      ['DOT inspection CT-10-07.pdf', 'Passed Aug 22', 'chip:#34d399:Current'],
    ].map(([name, note, status], index) => {
      const column = index % 2;
      const row = Math.floor(index / 2);
      const x = left + 16 + column * ((fullWidth - 44) / 2 + 12);
      const y = 576 + row * 72;
      const width = (fullWidth - 44) / 2;
      const [, color, label] = /^chip:([^:]+):(.*)$/.exec(status!) ?? [];
      return [
        rect(x, y, width, 60, theme.panelAlt, 8),
        rect(x + 14, y + 14, 26, 32, '#1e3a5a', 3),
        text(x + 27, y + 35, 'PDF', { size: 8.5, weight: 700, fill: theme.red, anchor: 'middle' }),
        text(x + 52, y + 27, name!, { size: 12, weight: 700 }),
        text(x + 52, y + 45, note!, { size: 10.5, fill: theme.muted }),
        chip(x + width - 14, y + 32, label!, color!, 'end'),
      ].join('');
    }),
  ].join('');
  return frame({
    product: 'VPV Lease',
    nav: leaseNav,
    active: 'Leases',
    title: 'Remote Leasing Services',
    subtitle: 'Manage every lease, unit and document from anywhere',
    pills: ['All sites', 'Sep 2025'],
    alerts: 2,
    body,
  });
}
