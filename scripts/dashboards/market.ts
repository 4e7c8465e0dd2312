// The five VPV Market trading-tool screens. Sample data only: sites, BOL numbers and
// prices are invented, shaped to look like a real NGL/LNG producer's month.
import { content, frame, marketNav } from './frame.ts';
import {
  barChart,
  chip,
  donut,
  gauge,
  kpi,
  legend,
  lineChart,
  money,
  panel,
  rect,
  seeded,
  table,
  tank,
  text,
  textWidth,
  theme,
  walk,
} from './svg.ts';

const { x: left, right } = content;
const fullWidth = right - left;
const months = ['Oct', 'Nov', 'Dec', 'Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep'];
const dollars = (digits: number) => (value: number) => `$${value.toFixed(digits)}`;

/** Tiles in one row with equal gaps. */
function tileRow<T>(count: number, y: number, height: number, tiles: T[], draw: (x: number, y: number, w: number, h: number, tile: T) => string): string {
  const gap = 12;
  const width = (fullWidth - gap * (count - 1)) / count;
  return tiles.map((tile, index) => draw(left + index * (width + gap), y, width, height, tile)).join('');
}

export function realTimeFinancials(): string {
  const random = seeded(7);
  const netback = walk(random, 30, 0.735, 0.03, 0.0004);
  const running = netback.map((_, index) => netback.slice(0, index + 1).reduce((a, b) => a + b, 0) / (index + 1));
  const days = Array.from({ length: 30 }, (_, index) => (index % 5 === 0 ? `Sep ${index + 1}` : ''));
  const volumes = Array.from({ length: 14 }, (_, index) => ({
    label: index % 2 === 0 ? `${index + 17}` : '',
    values: [30 + random() * 14, 8 + random() * 6, 3 + random() * 3],
  }));
  const body = [
    tileRow(5, content.y, 96, [
      { label: 'Anticipated netback', value: '$0.742', unit: '/gal', delta: '3.1% vs Aug', spark: netback.slice(-12) },
      { label: 'Running value', value: '$0.718', unit: '/gal', delta: '1.4% MTD', spark: running.slice(-12), accent: theme.violet },
      { label: 'Monthly volume', value: '1,284,650', unit: 'gal', delta: '8.7% vs Aug', accent: theme.green },
      { label: 'Load count', value: '148', unit: 'loads', delta: '12 this week', accent: theme.amber },
      { label: 'Pending verification', value: '6', unit: 'BOLs', delta: '2 over 48 h', positive: false, accent: theme.flame },
    ], kpi),
    panel(left, 194, 580, 262, 'Netback per gallon', 'Sep 1 – Sep 30, 2025'),
    legend(left + 18, 238, [{ label: 'Daily netback', color: theme.cyan }], 0),
    legend(left + 128, 238, [{ label: 'Running $/gal', color: theme.violet }], 0),
    lineChart(left + 52, 258, 508, 158, [
      { values: netback, color: theme.cyan, area: true },
      { values: running, color: theme.violet, dashed: true },
    ], { min: 0.66, max: 0.82, ticks: 4, format: dollars(2) }, days, 'fin'),
    panel(left + 592, 194, fullWidth - 592, 262, 'Daily volume by product', 'k gal'),
    legend(left + 610, 238, [{ label: 'NGL', color: theme.cyan }], 0),
    legend(left + 664, 238, [{ label: 'LNG', color: theme.violet }], 0),
    legend(left + 718, 238, [{ label: 'Condensate', color: theme.amber }], 0),
    barChart(left + 630, 258, fullWidth - 592 - 56, 158, volumes, [theme.cyan, theme.violet, theme.amber], { min: 0, max: 60, ticks: 3, format: (v) => `${v}` }, { stacked: true, barRatio: 0.62 }),
    panel(left, 468, fullWidth, 262, 'Pending data verification', '6 of 148 loads'),
    chip(right - 110, 490, 'Auto-match on', theme.green, 'end'),
    table(left + 16, 508, [
      { label: 'BOL #', width: 120 },
      { label: 'Site', width: 170 },
      { label: 'Product', width: 130 },
      { label: 'Loaded', width: 150 },
      { label: 'Net gal', width: 110, align: 'end' },
      { label: 'Composition', width: 130 },
      { label: 'Status', width: 110 },
    ], [
      ['BOL-24871', 'Midland Station 7', 'Y-Grade NGL', 'Sep 29, 21:14', '9,842', 'chip:#fbbf24:Lab pending', 'chip:#f97316:Verify'],
      ['BOL-24866', 'Reeves Gas Plant', 'LNG', 'Sep 29, 16:02', '10,120', 'chip:#34d399:Received', 'chip:#f97316:Verify'],
      ['BOL-24859', 'Pecos Compressor 3', 'Y-Grade NGL', 'Sep 29, 09:47', '9,615', 'chip:#fbbf24:Lab pending', 'chip:#fbbf24:Review'],
      ['BOL-24851', 'Midland Station 7', 'Condensate', 'Sep 28, 22:30', '7,980', 'chip:#34d399:Received', 'chip:#fbbf24:Review'],
      ['BOL-24843', 'Loving County 12', 'Y-Grade NGL', 'Sep 28, 13:05', '9,701', 'chip:#f87171:Mismatch', 'chip:#f87171:Hold'],
    ], 37),
  ].join('');
  return frame({
    product: 'VPV Market',
    nav: marketNav,
    active: 'Financials',
    title: 'Real-Time Financials',
    subtitle: 'All sites · updated 2 min ago',
    pills: ['Sep 2025', 'All sites (7)'],
    alerts: 3,
    body,
  });
}

export function liveTankData(): string {
  const random = seeded(21);
  const hours = Array.from({ length: 24 }, (_, index) => (index % 4 === 0 ? `${String(index).padStart(2, '0')}:00` : ''));
  const tanks = [
    { name: 'Tank 101', product: 'Y-Grade NGL', level: 0.82, gallons: '24,600', color: theme.cyan, status: ['Ready for pickup', theme.green] },
    { name: 'Tank 102', product: 'Y-Grade NGL', level: 0.57, gallons: '17,100', color: theme.cyan, status: ['Filling', theme.blue] },
    { name: 'Tank 201', product: 'LNG', level: 0.34, gallons: '5,100', color: theme.violet, status: ['Filling', theme.blue] },
    { name: 'Tank 301', product: 'Condensate', level: 0.91, gallons: '27,300', color: theme.amber, status: ['High level', theme.flame] },
  ] as const;
  const tankWidth = (fullWidth - 32) / 4;
  const tanksSvg = tanks
    .map((item, index) => {
      const x = left + 16 + index * tankWidth;
      return [
        tank(x + 6, 232, 62, 150, item.level, item.color, `tank-${index}`),
        text(x + 84, 250, item.name, { size: 14, weight: 700 }),
        text(x + 84, 267, item.product, { size: 11, fill: theme.muted }),
        text(x + 84, 308, `${Math.round(item.level * 100)}%`, { size: 30, weight: 700, fill: item.color }),
        text(x + 84, 328, `${item.gallons} / 30,000 gal`, { size: 11, fill: theme.muted }),
        chip(x + 84, 362, item.status[0], item.status[1]),
      ].join('');
    })
    .join('');
  const flows = [
    walk(random, 24, 620, 160),
    walk(random, 24, 480, 140),
    walk(random, 24, 210, 80),
  ];
  const volumeBars = [
    ['Tank 101', 10_840, theme.cyan],
    ['Tank 102', 9_620, theme.cyan],
    ['Tank 201', 4_310, theme.violet],
    ['Tank 301', 6_990, theme.amber],
  ] as const;
  const volumesSvg = volumeBars
    .map(([name, gallons, color], index) => {
      const y = 608 + index * 28;
      const barLeft = left + 690;
      return [
        text(left + 618, y + 4, name, { size: 11.5, fill: theme.muted }),
        rect(barLeft, y - 8, 180, 12, theme.grid, 6),
        rect(barLeft, y - 8, (gallons / 12_000) * 180, 12, color, 6),
        text(right - 16, y + 4, money(gallons), { size: 11.5, weight: 700, anchor: 'end' }),
      ].join('');
    })
    .join('');
  const body = [
    tileRow(4, content.y, 92, [
      { label: 'Total inventory', value: '74,100', unit: 'gal', delta: '6.2% since 06:00', accent: theme.cyan },
      { label: '24 hour volume', value: '31,760', unit: 'gal', delta: '4.8% vs prior 24 h', accent: theme.green },
      { label: 'Avg hourly flow', value: '1,323', unit: 'gal/h', delta: 'steady', accent: theme.violet },
      { label: 'Last offload', value: '06:42', unit: 'today', delta: 'Truck T-118 · 9,842 gal', accent: theme.amber },
    ], kpi),
    panel(left, 190, fullWidth, 212, 'Real-time tank levels', 'Midland Station 7 · live'),
    chip(left + 178, 208, 'LIVE', theme.green),
    tanksSvg,
    panel(left, 414, 590, 316, 'Calculated hourly flow rate', 'gal/h · last 24 h'),
    legend(left + 18, 456, [{ label: 'Tank 101', color: theme.cyan }], 0),
    legend(left + 100, 456, [{ label: 'Tank 102', color: theme.blue }], 0),
    legend(left + 182, 456, [{ label: 'Tank 201', color: theme.violet }], 0),
    lineChart(left + 52, 478, 518, 212, [
      { values: flows[0]!, color: theme.cyan, area: true },
      { values: flows[1]!, color: theme.blue },
      { values: flows[2]!, color: theme.violet },
    ], { min: 0, max: 900, ticks: 3, format: (v) => money(v) }, hours, 'flow'),
    panel(left + 602, 414, fullWidth - 602, 316, '24 hour volumes'),
    text(left + 618, 470, '31,760', { size: 28, weight: 700 }),
    text(left + 618 + textWidth('31,760', 28, true) + 8, 470, 'gal across 4 tanks', { size: 11.5, fill: theme.muted }),
    text(left + 618, 500, 'LAST OFFLOAD', { size: 9.5, weight: 700, fill: theme.muted, spacing: 0.6 }),
    text(left + 618, 520, 'Sep 30, 2025 · 06:42 CDT', { size: 12.5, weight: 700 }),
    text(left + 618, 538, 'Tank 101 → Truck T-118 · BOL-24871', { size: 11, fill: theme.muted }),
    `<line x1="${left + 618}" y1="560" x2="${right - 16}" y2="560" stroke="${theme.grid}"/>`,
    text(left + 618, 584, 'VOLUME BY TANK', { size: 9.5, weight: 700, fill: theme.muted, spacing: 0.6 }),
    volumesSvg,
  ].join('');
  return frame({
    product: 'VPV Market',
    nav: marketNav,
    active: 'Live Tanks',
    title: 'Live Tank Data',
    subtitle: 'Live operational data · telemetry every 60 s',
    pills: ['Midland Station 7', 'Last 24 h'],
    alerts: 1,
    body,
  });
}

export function historicalAnalysis(): string {
  const random = seeded(33);
  const volumes = months.map((month, index) => ({ label: month, values: [index < 12 ? 0.92 + random() * 0.34 + index * 0.012 : 0] }));
  const netback = [0.662, 0.671, 0.659, 0.684, 0.693, 0.688, 0.701, 0.712, 0.705, 0.719, 0.731, 0.742];
  const forecast = [...netback, 0.751, 0.758, 0.766];
  const chartLeft = left + 52;
  const chartWidth = 520;
  const body = [
    text(left, content.y + 12, "LAST MONTH'S HIGHLIGHTS · AUGUST 2025", { size: 10, weight: 700, fill: theme.muted, spacing: 0.8 }),
    tileRow(4, content.y + 22, 86, [
      { label: 'Realized netback', value: '$0.731', unit: '/gal', delta: '4.2% vs Jul' },
      { label: 'Volume sold', value: '1.19 M', unit: 'gal', delta: '6.5% vs Jul', accent: theme.green },
      { label: 'Best site', value: 'Midland 7', delta: '$0.768/gal', accent: theme.amber },
      { label: 'Forecast · Oct', value: '$0.751', unit: '/gal', delta: '1.2% expected', accent: theme.violet },
    ], kpi),
    panel(left, 202, 630, 292, 'Historical netback / volume', 'Oct 2024 – Sep 2025 · forecast to Dec'),
    legend(left + 18, 244, [{ label: 'Volume (M gal)', color: theme.brand }], 0),
    legend(left + 140, 244, [{ label: 'Netback $/gal', color: theme.cyan }], 0),
    legend(left + 256, 244, [{ label: 'Forecast', color: theme.violet }], 0),
    barChart(chartLeft, 266, chartWidth * (12 / 15), 188, volumes, [theme.brand], { min: 0, max: 1.6, ticks: 4, format: (v) => v.toFixed(1) }, { barRatio: 0.55 }),
    // Netback on its own scale, drawn over the bars and continued as a dashed forecast.
    lineChart(chartLeft + (chartWidth * (12 / 15)) / 24, 266, chartWidth * (14 / 15), 188, [{ values: forecast, color: theme.cyan, dashFrom: 11 }], { min: 0.6, max: 0.8, ticks: 0, format: () => '' }, [], 'hist'),
    rect(chartLeft + chartWidth * (12 / 15), 266, chartWidth * (3 / 15), 188, theme.violet, 4, 'fill-opacity="0.08"'),
    text(chartLeft + chartWidth * (13.5 / 15), 284, 'FORECAST', { size: 9.5, weight: 700, fill: theme.violet, anchor: 'middle', spacing: 0.6 }),
    ...['Oct', 'Nov', 'Dec'].map((month, index) => text(chartLeft + chartWidth * ((12.5 + index) / 15), 472, month, { size: 10, fill: theme.violet, anchor: 'middle' })),
    panel(left + 642, 202, fullWidth - 642, 292, 'Transparency vs competition', 'Sep netback $/gal'),
    ...[
      ['VPV Market', 0.742, theme.cyan, 'Your realized price'],
      ['Regional average', 0.688, theme.muted, 'Mont Belvieu less fees'],
      ['Posted buyer A', 0.651, theme.faint, 'Undisclosed deductions'],
      ['Posted buyer B', 0.634, theme.faint, 'Undisclosed deductions'],
    ].map(([label, value, color, note], index) => {
      const y = 252 + index * 58;
      const barLeft = left + 658;
      const width = ((value as number) / 0.8) * (fullWidth - 642 - 110);
      return [
        text(barLeft, y, label as string, { size: 12, weight: 700 }),
        text(barLeft, y + 14, note as string, { size: 10, fill: theme.muted }),
        rect(barLeft, y + 22, width, 12, color as string, 6),
        text(barLeft + width + 8, y + 32, `$${(value as number).toFixed(3)}`, { size: 11.5, weight: 700 }),
      ].join('');
    }),
    panel(left, 506, fullWidth, 224, 'Site optimization opportunity', 'Ranked by monthly uplift'),
    table(left + 16, 546, [
      { label: 'Site', width: 170 },
      { label: 'Finding', width: 300 },
      { label: 'Recommended action', width: 260 },
      { label: 'Uplift / month', width: 110, align: 'end' },
      { label: 'Priority', width: 80 },
    ], [
      ['Loving County 12', 'Tank reaches 90% before pickup 3×/week', 'Add a Tuesday pickup window', '$18,400', 'chip:#f97316:High'],
      ['Pecos Compressor 3', 'Ethane rejection below plant target', 'Raise demethanizer temperature 4°F', '$11,900', 'chip:#fbbf24:Medium'],
      ['Reeves Gas Plant', 'Partial loads on weekends', 'Consolidate to full 10k gal loads', '$7,250', 'chip:#fbbf24:Medium'],
      ['Midland Station 7', 'Netback above regional average', 'Hold current schedule', '—', 'chip:#34d399:On track'],
    ], 33),
  ].join('');
  return frame({
    product: 'VPV Market',
    nav: marketNav,
    active: 'History',
    title: 'Historical Analysis',
    subtitle: 'Profitability forecasting and benchmarks',
    pills: ['Last 12 months', 'All sites (7)'],
    alerts: 0,
    body,
  });
}

const components = [
  { label: 'Ethane (C2)', value: 38.2, color: theme.cyan, previous: 39.6 },
  { label: 'Propane (C3)', value: 29.6, color: theme.blue, previous: 28.9 },
  { label: 'iso-Butane (iC4)', value: 6.1, color: theme.violet, previous: 5.9 },
  { label: 'n-Butane (nC4)', value: 12.4, color: theme.amber, previous: 12.1 },
  { label: 'Pentanes+ (C5+)', value: 13.7, color: theme.flame, previous: 13.5 },
] as const;

export function productOverview(): string {
  const random = seeded(45);
  const filters = ['Month: Sep 2025', 'Site: All sites (7)', 'Product: Y-Grade NGL'];
  let filterX = left;
  const filterSvg = filters
    .map((label, index) => {
      const width = label.length * 6.6 + 40;
      const svg = [
        rect(filterX, content.y, width, 32, index === 2 ? theme.brand : theme.panel, 8, index === 2 ? 'fill-opacity="0.22"' : `stroke="${theme.border}"`),
        text(filterX + 14, content.y + 20.5, label, { size: 12, fill: theme.text, weight: index === 2 ? 700 : 400 }),
        `<polyline points="${filterX + width - 18},${content.y + 14} ${filterX + width - 14},${content.y + 18} ${filterX + width - 10},${content.y + 14}" fill="none" stroke="${theme.muted}" stroke-width="1.5"/>`,
      ].join('');
      filterX += width + 10;
      return svg;
    })
    .join('');
  const monthly = months.slice(3).map((month) => ({
    label: month,
    values: components.map((component) => (component.value / 100) * (1.05 + random() * 0.3)),
  }));
  const body = [
    filterSvg,
    text(right, content.y + 20.5, 'Volumetric analysis · 1,284,650 gal', { size: 12, fill: theme.muted, anchor: 'end' }),
    panel(left, 128, 372, 330, 'Composition breakdown', 'mol %'),
    donut(left + 108, 292, 74, 26, components.map((component) => ({ value: component.value, color: component.color }))),
    text(left + 108, 290, '1.28 M', { size: 19, weight: 700, anchor: 'middle' }),
    text(left + 108, 308, 'gal in Sep', { size: 10.5, fill: theme.muted, anchor: 'middle' }),
    legend(left + 204, 226, components.map((component) => ({ label: component.label, color: component.color, value: `${component.value.toFixed(1)}%` })), 28, 150),
    panel(left + 384, 128, fullWidth - 384, 330, 'Aggregated volumes', 'M gal per month by component'),
    barChart(left + 432, 180, fullWidth - 384 - 70, 236, monthly, components.map((component) => component.color), { min: 0, max: 1.5, ticks: 3, format: (v) => v.toFixed(1) }, { stacked: true, barRatio: 0.56 }),
    panel(left, 470, fullWidth, 260, 'Change in composition', 'Sep vs Aug 2025'),
    table(left + 16, 510, [
      { label: 'Component', width: 200 },
      { label: 'Sep mol %', width: 120, align: 'end' },
      { label: 'Aug mol %', width: 120, align: 'end' },
      { label: 'Change', width: 110, align: 'end' },
      { label: 'Volume (gal)', width: 170, align: 'end' },
      { label: 'Trend', width: 190 },
    ], components.map((component) => {
      const change = component.value - component.previous;
      return [
        component.label,
        component.value.toFixed(1),
        component.previous.toFixed(1),
        `${change >= 0 ? '+' : ''}${change.toFixed(1)}`,
        money((component.value / 100) * 1_284_650),
        change >= 0 ? 'chip:#34d399:Rising' : 'chip:#f87171:Falling',
      ];
    }), 34),
  ].join('');
  return frame({
    product: 'VPV Market',
    nav: marketNav,
    active: 'Products',
    title: 'Product Overview',
    subtitle: 'Composition and volumes by month, site and product',
    pills: ['Export CSV'],
    alerts: 0,
    body,
  });
}

export function compositionReview(): string {
  const seasonal = {
    ethane: [40.8, 41.5, 42.1, 42.4, 41.9, 40.7, 39.3, 38.1, 37.2, 36.9, 37.6, 38.2],
    propane: [28.1, 27.8, 27.5, 27.2, 27.6, 28.3, 29.0, 29.7, 30.2, 30.4, 29.9, 29.6],
    butanes: [17.2, 17.0, 16.8, 16.9, 17.1, 17.6, 18.0, 18.4, 18.6, 18.7, 18.5, 18.5],
    pentanes: [13.9, 13.7, 13.6, 13.5, 13.4, 13.4, 13.7, 13.8, 14.0, 14.0, 14.0, 13.7],
  };
  const body = [
    tileRow(4, content.y, 92, [
      { label: 'Samples analyzed', value: '142', unit: 'YTD', delta: '18 in Sep', accent: theme.cyan },
      { label: 'C3+ content', value: '61.8', unit: 'mol %', delta: '1.4 pts vs Aug', accent: theme.blue },
      { label: 'Condensate potential', value: '4,180', unit: 'gal/mo', delta: 'from C5+ split', accent: theme.amber },
      { label: 'Netback uplift', value: '+$0.021', unit: '/gal', delta: 'if optimized', accent: theme.green },
    ], kpi),
    panel(left, 188, 620, 300, 'Seasonal fluctuations', 'mol % · Oct 2024 – Sep 2025'),
    legend(left + 18, 230, [{ label: 'Ethane', color: theme.cyan }], 0),
    legend(left + 92, 230, [{ label: 'Propane', color: theme.blue }], 0),
    legend(left + 172, 230, [{ label: 'Butanes', color: theme.amber }], 0),
    legend(left + 252, 230, [{ label: 'Pentanes+', color: theme.flame }], 0),
    rect(left + 52 + (538 / 11) * 1.5, 250, (538 / 11) * 3, 198, theme.blue, 4, 'fill-opacity="0.07"'),
    text(left + 52 + (538 / 11) * 3, 440, 'WINTER', { size: 9.5, weight: 700, fill: theme.muted, anchor: 'middle', spacing: 0.6 }),
    lineChart(left + 52, 250, 538, 198, [
      { values: seasonal.ethane, color: theme.cyan },
      { values: seasonal.propane, color: theme.blue },
      { values: seasonal.butanes, color: theme.amber },
      { values: seasonal.pentanes, color: theme.flame },
    ], { min: 10, max: 50, ticks: 4, format: (v) => `${v.toFixed(0)}%` }, months, 'season'),
    panel(left + 632, 188, fullWidth - 632, 300, 'Condensate potential'),
    gauge(left + 632 + (fullWidth - 632) / 2, 330, 92, 0.68, theme.amber),
    text(left + 632 + (fullWidth - 632) / 2, 316, '68%', { size: 30, weight: 700, anchor: 'middle' }),
    text(left + 632 + (fullWidth - 632) / 2, 336, 'of C5+ recoverable', { size: 11, fill: theme.muted, anchor: 'middle' }),
    text(left + 650, 384, 'Recoverable volume', { size: 11.5, fill: theme.muted }),
    text(right - 18, 384, '4,180 gal/mo', { size: 11.5, weight: 700, anchor: 'end' }),
    text(left + 650, 410, 'Condensate price', { size: 11.5, fill: theme.muted }),
    text(right - 18, 410, '$1.42 /gal', { size: 11.5, weight: 700, anchor: 'end' }),
    text(left + 650, 436, 'Added revenue', { size: 11.5, fill: theme.muted }),
    text(right - 18, 436, '$5,936 /mo', { size: 11.5, weight: 700, anchor: 'end', fill: theme.green }),
    panel(left, 500, 620, 230, 'Compositional statistics', '142 samples'),
    table(left + 16, 540, [
      { label: 'Component', width: 150 },
      { label: 'Mean', width: 80, align: 'end' },
      { label: 'Min', width: 80, align: 'end' },
      { label: 'Max', width: 80, align: 'end' },
      { label: 'Std dev', width: 90, align: 'end' },
      { label: 'Stability', width: 108 },
    ], [
      ['Ethane (C2)', '39.7%', '36.4%', '42.9%', '1.9', 'chip:#fbbf24:Seasonal'],
      ['Propane (C3)', '28.8%', '26.9%', '30.8%', '1.1', 'chip:#34d399:Stable'],
      ['Butanes (C4)', '17.7%', '16.5%', '18.9%', '0.7', 'chip:#34d399:Stable'],
      ['Pentanes+ (C5+)', '13.7%', '13.1%', '14.3%', '0.4', 'chip:#34d399:Stable'],
    ], 33),
    panel(left + 632, 500, fullWidth - 632, 230, 'Optimize production'),
    ...[
      ['Lower ethane rejection in winter', '+$0.009/gal'],
      ['Split C5+ to condensate sales', '+$0.008/gal'],
      ['Blend Tank 102 into Tank 101 loads', '+$0.004/gal'],
    ].map(([action, uplift], index) => {
      const y = 548 + index * 56;
      return [
        rect(left + 648, y - 14, fullWidth - 632 - 32, 46, theme.panelAlt, 8),
        `<circle cx="${left + 666}" cy="${y + 9}" r="9" fill="${theme.green}" fill-opacity="0.18"/>`,
        text(left + 666, y + 13, String(index + 1), { size: 11, weight: 700, fill: theme.green, anchor: 'middle' }),
        text(left + 684, y + 4, action!, { size: 11.5, weight: 700 }),
        text(left + 684, y + 21, `Increase netback ${uplift}`, { size: 10.5, fill: theme.green }),
      ].join('');
    }),
  ].join('');
  return frame({
    product: 'VPV Market',
    nav: marketNav,
    active: 'Composition',
    title: 'Composition Review',
    subtitle: 'Gas chromatograph results across all sites',
    pills: ['Last 12 months', 'Y-Grade NGL'],
    alerts: 2,
    body,
  });
}
