import { virtualPipeline } from '@content/virtual-pipeline';
import { describe, expect, it } from 'vitest';
import { chartSummary, formatTick, formatValue } from '~/features/education/chart-format';

describe('the virtual pipeline chart labels', () => {
  it('label the volume axis "<n>x Volume"', () => {
    expect([0, 150, 600].map((value) => formatTick('volume', value))).toEqual(['0x Volume', '150x Volume', '600x Volume']);
  });

  it('label percentages with a per-cent sign', () => {
    expect(formatTick('percent', 80)).toBe('80%');
    expect(formatValue('percent', 98)).toBe('98%');
  });

  it('carry the figures of the spec', () => {
    expect(virtualPipeline.density.chart.data.map((datum) => datum.value)).toEqual([1, 250, 600]);
    expect(virtualPipeline.purity.chart.data.map((datum) => datum.value)).toEqual([98, 85]);
    expect(virtualPipeline.applications.chart.data.map((datum) => datum.value)).toEqual([40, 25, 20, 15]);
    expect(chartSummary(virtualPipeline.density.chart)).toBe('Volume Equivalence: Standard Gas 1x, CNG 250x, LNG 600x');
  });
});
