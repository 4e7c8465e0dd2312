import type { ChartContent } from '@content/virtual-pipeline';

/** Shared by the server-rendered data tables and the lazily loaded charts (no Chart.js here). */
export type ChartKind = 'volume' | 'purity' | 'applications';

export function formatValue(unit: ChartContent['unit'], value: number): string {
  return unit === 'volume' ? `${value}x` : `${value}%`;
}

/** Axis tick labels: '600x Volume' on the volume chart, '80%' on percentage charts. */
export function formatTick(unit: ChartContent['unit'], value: number): string {
  return unit === 'volume' ? `${value}x Volume` : `${value}%`;
}

/** The accessible name of a chart's canvas: its title and every value. */
export function chartSummary(chart: ChartContent): string {
  return `${chart.title}: ${chart.data.map((datum) => `${datum.label} ${formatValue(chart.unit, datum.value)}`).join(', ')}`;
}

/**
 * Colours per data point, checked by tests/unit/chart-colors.test.ts: each has at least
 * 3:1 contrast on the white chart (WCAG 1.4.11); the purity bars carry their value in white
 * text, so they are dark enough for 4.5:1 under it; the doughnut's four stay apart for
 * colour-blind readers too (navy, cyan, dark red, amber, dark and light in turn around the ring).
 */
export const chartColors: Record<ChartKind, readonly string[]> = {
  volume: ['#64748b', '#1b4470', '#0e9cc2'],
  purity: ['#0b6683', '#475569'],
  applications: ['#1b4470', '#0e9cc2', '#991b1b', '#d97706'],
};
