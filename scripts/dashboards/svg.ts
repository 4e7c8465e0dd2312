// SVG building blocks for the dashboard mockups: a dark SaaS theme, text, panels, KPI
// tiles, charts, gauges and tables. Every function returns an SVG fragment string.

export const W = 1200;
export const H = 750;

export const theme = {
  bg: '#08131f',
  sidebar: '#0a1a2b',
  panel: '#0f2236',
  panelAlt: '#132a42',
  border: '#1d3a57',
  grid: '#1a3350',
  text: '#e6edf5',
  muted: '#8aa0b8',
  faint: '#5b728b',
  cyan: '#22c5e8',
  brand: '#0e9cc2',
  flame: '#f97316',
  green: '#34d399',
  amber: '#fbbf24',
  red: '#f87171',
  violet: '#a78bfa',
  blue: '#60a5fa',
} as const;

/** librsvg resolves fonts through fontconfig; Liberation Sans and DejaVu ship with Debian. */
const font = "'Liberation Sans', 'DejaVu Sans', Arial, sans-serif";

export function esc(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

interface TextOptions {
  size?: number;
  weight?: number;
  fill?: string;
  anchor?: 'start' | 'middle' | 'end';
  opacity?: number;
  spacing?: number;
}

export function text(x: number, y: number, value: string, options: TextOptions = {}): string {
  const { size = 12, weight = 400, fill = theme.text, anchor = 'start', opacity, spacing } = options;
  return `<text x="${x}" y="${y}" font-family="${font}" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="${anchor}"${
    opacity === undefined ? '' : ` opacity="${opacity}"`
  }${spacing === undefined ? '' : ` letter-spacing="${spacing}"`}>${esc(value)}</text>`;
}

/** Approximate advance widths of Liberation Sans (em units), enough to place a unit after a value. */
export function textWidth(value: string, size: number, bold = false): number {
  let em = 0;
  for (const character of value) {
    if (/[0-9$]/.test(character)) em += 0.556;
    else if (/[.,: ]/.test(character)) em += 0.278;
    else if (/[MW]/.test(character)) em += 0.86;
    else if (/[A-Z]/.test(character)) em += 0.68;
    else if (/[il]/.test(character)) em += 0.25;
    else if (/[mw]/.test(character)) em += 0.8;
    else em += bold ? 0.58 : 0.53;
  }
  return em * size * (bold ? 1.04 : 1);
}

export function rect(x: number, y: number, w: number, h: number, fill: string, radius = 0, extra = ''): string {
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${radius}" fill="${fill}" ${extra}/>`;
}

/** A deterministic pseudo-random generator, so re-running the script gives identical images. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A slowly wandering series around `base`, for realistic-looking trends. */
export function walk(random: () => number, count: number, base: number, spread: number, drift = 0): number[] {
  const values: number[] = [];
  let value = base;
  for (let index = 0; index < count; index += 1) {
    value += (random() - 0.5) * spread + drift;
    value = value * 0.85 + base * 0.15 + drift * index * 0.15;
    values.push(value);
  }
  return values;
}

export function money(value: number, digits = 0): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

export function panel(x: number, y: number, w: number, h: number, title?: string, subtitle?: string): string {
  return [
    rect(x, y, w, h, theme.panel, 10, `stroke="${theme.border}" stroke-width="1"`),
    title ? text(x + 16, y + 26, title, { size: 13, weight: 700 }) : '',
    subtitle ? text(x + w - 16, y + 26, subtitle, { size: 11, fill: theme.muted, anchor: 'end' }) : '',
  ].join('');
}

export function chip(x: number, y: number, label: string, color: string, anchor: 'start' | 'end' = 'start'): string {
  const width = label.length * 6.2 + 18;
  const left = anchor === 'end' ? x - width : x;
  return (
    rect(left, y - 12, width, 19, color, 9.5, 'fill-opacity="0.16"') +
    text(left + width / 2, y + 1.5, label, { size: 10.5, weight: 700, fill: color, anchor: 'middle' })
  );
}

export function kpi(
  x: number,
  y: number,
  w: number,
  h: number,
  tile: { label: string; value: string; unit?: string; delta?: string; positive?: boolean; accent?: string; spark?: number[] },
): string {
  const accent = tile.accent ?? theme.cyan;
  const parts = [
    rect(x, y, w, h, theme.panel, 10, `stroke="${theme.border}" stroke-width="1"`),
    rect(x, y + 14, 3, h - 28, accent, 1.5),
    text(x + 16, y + 24, tile.label.toUpperCase(), { size: 10, weight: 700, fill: theme.muted, spacing: 0.6 }),
    text(x + 16, y + 56, tile.value, { size: 25, weight: 700 }),
  ];
  if (tile.unit) parts.push(text(x + 16 + textWidth(tile.value, 25, true) + 6, y + 56, tile.unit, { size: 12, fill: theme.muted }));
  if (tile.delta) {
    const color = tile.positive === false ? theme.red : theme.green;
    parts.push(text(x + 16, y + h - 14, `${tile.positive === false ? '▼' : '▲'} ${tile.delta}`, { size: 11, weight: 700, fill: color }));
  }
  if (tile.spark) parts.push(sparkline(x + w - 62, y + h - 30, 46, 18, tile.spark, accent));
  return parts.join('');
}

export function sparkline(x: number, y: number, w: number, h: number, values: number[], color: string): string {
  const min = Math.min(...values);
  const max = Math.max(...values);
  const points = values.map((value, index) => [
    x + (index / (values.length - 1)) * w,
    y + h - ((value - min) / (max - min || 1)) * h,
  ]);
  return `<polyline points="${points.map((point) => point.join(',')).join(' ')}" fill="none" stroke="${color}" stroke-width="1.6" stroke-linejoin="round"/>`;
}

/** A smooth path through the points (Catmull-Rom converted to cubic Béziers). */
function smoothPath(points: Array<[number, number]>): string {
  if (points.length === 0) return '';
  const [first] = points;
  let path = `M${first![0].toFixed(1)},${first![1].toFixed(1)}`;
  for (let index = 0; index < points.length - 1; index += 1) {
    const p0 = points[Math.max(index - 1, 0)]!;
    const p1 = points[index]!;
    const p2 = points[index + 1]!;
    const p3 = points[Math.min(index + 2, points.length - 1)]!;
    const c1 = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2 = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    path += ` C${c1[0]!.toFixed(1)},${c1[1]!.toFixed(1)} ${c2[0]!.toFixed(1)},${c2[1]!.toFixed(1)} ${p2[0].toFixed(1)},${p2[1].toFixed(1)}`;
  }
  return path;
}

export interface Axis {
  min: number;
  max: number;
  ticks: number;
  format: (value: number) => string;
}

/** Horizontal grid lines with y labels on the left; returns the mapping from value to y. */
function grid(x: number, y: number, w: number, h: number, axis: Axis, xLabels: string[]): { svg: string; toY: (v: number) => number } {
  const toY = (value: number) => y + h - ((value - axis.min) / (axis.max - axis.min)) * h;
  const parts: string[] = [];
  // ticks: 0 draws no grid, for a series overlaid on another chart's axes.
  for (let index = 0; axis.ticks > 0 && index <= axis.ticks; index += 1) {
    const value = axis.min + ((axis.max - axis.min) * index) / axis.ticks;
    const lineY = toY(value);
    parts.push(`<line x1="${x}" y1="${lineY}" x2="${x + w}" y2="${lineY}" stroke="${theme.grid}" stroke-width="1"${index === 0 ? '' : ' stroke-dasharray="3 4"'}/>`);
    parts.push(text(x - 8, lineY + 4, axis.format(value), { size: 10, fill: theme.faint, anchor: 'end' }));
  }
  xLabels.forEach((label, index) => {
    if (!label) return;
    const labelX = x + (xLabels.length === 1 ? w / 2 : (index / (xLabels.length - 1)) * w);
    parts.push(text(labelX, y + h + 18, label, { size: 10, fill: theme.faint, anchor: 'middle' }));
  });
  return { svg: parts.join(''), toY };
}

export interface Series {
  values: number[];
  color: string;
  area?: boolean;
  dashed?: boolean;
  /** Index from which the line is drawn dashed (a forecast). */
  dashFrom?: number;
}

export function lineChart(x: number, y: number, w: number, h: number, series: Series[], axis: Axis, xLabels: string[], id: string): string {
  const { svg, toY } = grid(x, y, w, h, axis, xLabels);
  const parts = [svg];
  series.forEach((line, seriesIndex) => {
    const points = line.values.map((value, index): [number, number] => [x + (index / (line.values.length - 1)) * w, toY(value)]);
    const gradientId = `${id}-area-${seriesIndex}`;
    if (line.area) {
      parts.push(
        `<defs><linearGradient id="${gradientId}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${line.color}" stop-opacity="0.35"/><stop offset="1" stop-color="${line.color}" stop-opacity="0"/></linearGradient></defs>`,
        `<path d="${smoothPath(points)} L${x + w},${y + h} L${x},${y + h} Z" fill="url(#${gradientId})"/>`,
      );
    }
    const solid = line.dashFrom === undefined ? points : points.slice(0, line.dashFrom + 1);
    parts.push(
      `<path d="${smoothPath(solid)}" fill="none" stroke="${line.color}" stroke-width="2.2" stroke-linecap="round"${line.dashed ? ' stroke-dasharray="5 5"' : ''}/>`,
    );
    if (line.dashFrom !== undefined) {
      parts.push(
        `<path d="${smoothPath(points.slice(line.dashFrom))}" fill="none" stroke="${line.color}" stroke-width="2.2" stroke-dasharray="5 5" opacity="0.8"/>`,
      );
    }
  });
  return parts.join('');
}

export interface BarGroup {
  label: string;
  /** One value per stack segment (stacked) or per bar in the group (grouped). */
  values: number[];
}

export function barChart(
  x: number,
  y: number,
  w: number,
  h: number,
  groups: BarGroup[],
  colors: string[],
  axis: Axis,
  options: { stacked?: boolean; labelEvery?: number; barRatio?: number } = {},
): string {
  const labelEvery = options.labelEvery ?? 1;
  const slot = w / groups.length;
  const labels = groups.map((group, index) => (index % labelEvery === 0 ? group.label : ''));
  const toY = (value: number) => y + h - ((value - axis.min) / (axis.max - axis.min)) * h;
  const parts: string[] = [];
  for (let index = 0; index <= axis.ticks; index += 1) {
    const value = axis.min + ((axis.max - axis.min) * index) / axis.ticks;
    const lineY = toY(value);
    parts.push(`<line x1="${x}" y1="${lineY}" x2="${x + w}" y2="${lineY}" stroke="${theme.grid}"${index === 0 ? '' : ' stroke-dasharray="3 4"'}/>`);
    parts.push(text(x - 8, lineY + 4, axis.format(value), { size: 10, fill: theme.faint, anchor: 'end' }));
  }
  groups.forEach((group, groupIndex) => {
    const barWidth = slot * (options.barRatio ?? 0.6);
    const left = x + groupIndex * slot + (slot - barWidth) / 2;
    if (options.stacked) {
      let base = 0;
      group.values.forEach((value, valueIndex) => {
        const top = toY(base + value);
        const bottom = toY(base);
        parts.push(rect(left, top, barWidth, Math.max(bottom - top - 1, 0), colors[valueIndex] ?? theme.cyan, valueIndex === group.values.length - 1 ? 2 : 0));
        base += value;
      });
    } else {
      const each = barWidth / group.values.length;
      group.values.forEach((value, valueIndex) => {
        const top = toY(value);
        parts.push(rect(left + valueIndex * each + 1, top, each - 2, toY(axis.min) - top, colors[valueIndex] ?? theme.cyan, 2));
      });
    }
    if (labels[groupIndex]) parts.push(text(left + barWidth / 2, y + h + 18, labels[groupIndex], { size: 10, fill: theme.faint, anchor: 'middle' }));
  });
  return parts.join('');
}

export function donut(cx: number, cy: number, radius: number, thickness: number, slices: Array<{ value: number; color: string }>): string {
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  const circumference = 2 * Math.PI * radius;
  let offset = 0;
  const parts = [`<circle cx="${cx}" cy="${cy}" r="${radius}" fill="none" stroke="${theme.grid}" stroke-width="${thickness}"/>`];
  for (const slice of slices) {
    const length = (slice.value / total) * circumference;
    parts.push(
      `<circle cx="${cx}" cy="${cy}" r="${radius}" fill="none" stroke="${slice.color}" stroke-width="${thickness}" stroke-dasharray="${Math.max(length - 2, 0).toFixed(2)} ${(circumference - length + 2).toFixed(2)}" stroke-dashoffset="${(-offset).toFixed(2)}" transform="rotate(-90 ${cx} ${cy})"/>`,
    );
    offset += length;
  }
  return parts.join('');
}

export function legend(x: number, y: number, items: Array<{ label: string; color: string; value?: string }>, rowHeight = 22, width = 180): string {
  return items
    .map((item, index) => {
      const rowY = y + index * rowHeight;
      return [
        rect(x, rowY - 9, 10, 10, item.color, 2),
        text(x + 18, rowY, item.label, { size: 11.5, fill: theme.text }),
        item.value ? text(x + width, rowY, item.value, { size: 11.5, weight: 700, anchor: 'end' }) : '',
      ].join('');
    })
    .join('');
}

/** A vertical cylindrical tank with its liquid level, for the live tank views. */
export function tank(x: number, y: number, w: number, h: number, level: number, color: string, id: string): string {
  const fillHeight = (h - 16) * level;
  const top = y + 8 + (h - 16 - fillHeight);
  return [
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${color}" stop-opacity="0.55"/><stop offset="0.45" stop-color="${color}" stop-opacity="0.95"/><stop offset="1" stop-color="${color}" stop-opacity="0.5"/></linearGradient>`,
    `<clipPath id="${id}-clip"><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${w / 2.6}"/></clipPath></defs>`,
    rect(x, y, w, h, theme.panelAlt, w / 2.6, `stroke="${theme.border}" stroke-width="1.5"`),
    `<g clip-path="url(#${id}-clip)">${rect(x, top, w, y + h - top, `url(#${id})`)}<ellipse cx="${x + w / 2}" cy="${top}" rx="${w / 2}" ry="5" fill="${color}" opacity="0.9"/></g>`,
    ...[0.25, 0.5, 0.75].map((mark) => {
      const markY = y + 8 + (h - 16) * (1 - mark);
      return `<line x1="${x + w - 12}" y1="${markY}" x2="${x + w}" y2="${markY}" stroke="${theme.muted}" stroke-width="1" opacity="0.6"/>`;
    }),
  ].join('');
}

/** A half-circle gauge from 0 to 1. */
export function gauge(cx: number, cy: number, radius: number, value: number, color: string): string {
  const angle = Math.PI * (1 - value);
  const endX = cx + radius * Math.cos(angle);
  const endY = cy - radius * Math.sin(angle);
  return [
    `<path d="M${cx - radius},${cy} A${radius},${radius} 0 0 1 ${cx + radius},${cy}" fill="none" stroke="${theme.grid}" stroke-width="14" stroke-linecap="round"/>`,
    `<path d="M${cx - radius},${cy} A${radius},${radius} 0 0 1 ${endX.toFixed(1)},${endY.toFixed(1)}" fill="none" stroke="${color}" stroke-width="14" stroke-linecap="round"/>`,
  ].join('');
}

export interface Column {
  label: string;
  width: number;
  align?: 'start' | 'end';
}

/** A table; a cell starting with 'chip:<color>:' renders as a status chip. */
export function table(x: number, y: number, columns: Column[], rows: string[][], rowHeight = 30): string {
  const totalWidth = columns.reduce((sum, column) => sum + column.width, 0);
  const parts = [rect(x, y, totalWidth, 26, theme.panelAlt, 6)];
  let columnX = x;
  for (const column of columns) {
    const labelX = column.align === 'end' ? columnX + column.width - 10 : columnX + 10;
    parts.push(text(labelX, y + 17, column.label.toUpperCase(), { size: 9.5, weight: 700, fill: theme.muted, anchor: column.align ?? 'start', spacing: 0.5 }));
    columnX += column.width;
  }
  rows.forEach((row, rowIndex) => {
    const rowY = y + 26 + rowIndex * rowHeight;
    parts.push(`<line x1="${x}" y1="${rowY + rowHeight}" x2="${x + totalWidth}" y2="${rowY + rowHeight}" stroke="${theme.grid}"/>`);
    let cellX = x;
    row.forEach((cell, cellIndex) => {
      const column = columns[cellIndex]!;
      const baseline = rowY + rowHeight / 2 + 4;
      const chipMatch = /^chip:([^:]+):(.*)$/.exec(cell);
      if (chipMatch) {
        parts.push(
          column.align === 'end'
            ? chip(cellX + column.width - 10, baseline - 1, chipMatch[2]!, chipMatch[1]!, 'end')
            : chip(cellX + 10, baseline - 1, chipMatch[2]!, chipMatch[1]!),
        );
      } else {
        const cellTextX = column.align === 'end' ? cellX + column.width - 10 : cellX + 10;
        parts.push(text(cellTextX, baseline, cell, { size: 11.5, fill: cellIndex === 0 ? theme.text : '#c5d3e2', anchor: column.align ?? 'start', weight: cellIndex === 0 ? 700 : 400 }));
      }
      cellX += column.width;
    });
  });
  return parts.join('');
}
