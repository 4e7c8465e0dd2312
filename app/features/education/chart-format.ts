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

/** Colours per data point; each has at least 3:1 contrast on white (WCAG 1.4.11). */
export const chartColors: Record<ChartKind, readonly string[]> = {
  volume: ['#64748b', '#1b4470', '#0e9cc2'],
  purity: ['#0e9cc2', '#64748b'],
  applications: ['#0b6683', '#0e9cc2', '#ea580c', '#1b4470'],
};
