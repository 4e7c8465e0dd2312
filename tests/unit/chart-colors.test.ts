import { virtualPipeline } from '@content/virtual-pipeline';
import { describe, expect, it } from 'vitest';
import { chartColors } from '~/features/education/chart-format';

/**
 * The /virtual-pipeline chart colours (issue 16): every mark stands out from the white
 * chart (WCAG 1.4.11, non-text contrast 3:1), the values written on the purity bars are
 * readable (WCAG 1.4.3, 4.5:1), and the doughnut's segments stay apart for colour-blind
 * readers. The segments touch only white 3 px borders, so their contrast to white is the
 * 1.4.11 check; telling them apart from each other is checked as a colour difference
 * (CIEDE2000) under normal vision and simulated protanopia, deuteranopia and tritanopia.
 */

type Rgb = readonly [number, number, number];

function channels(hex: string): Rgb {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`not a #rrggbb colour: ${hex}`);
  return [1, 2, 3].map((group) => parseInt(match[group] ?? '0', 16) / 255) as unknown as Rgb;
}

/** sRGB to linear light (WCAG 2 relative luminance and the CVD simulation both work on this). */
function linear(hex: string): Rgb {
  return channels(hex).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as unknown as Rgb;
}

function luminance([r, g, b]: Rgb): number {
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio. */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(linear(a)), luminance(linear(b))].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

type Matrix = readonly [Rgb, Rgb, Rgb];

/** Machado, Oliveira and Fernandes (2009), severity 1.0, applied to linear RGB. */
const colourBlindness: Record<string, Matrix | null> = {
  'normal vision': null,
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};

function simulate(rgb: Rgb, matrix: Matrix | null): Rgb {
  if (!matrix) return rgb;
  const clamp = (value: number) => Math.min(1, Math.max(0, value));
  return matrix.map((row) => clamp(row[0] * rgb[0] + row[1] * rgb[1] + row[2] * rgb[2])) as unknown as Rgb;
}

/** Linear sRGB to CIELAB (D65). */
function lab([r, g, b]: Rgb): Rgb {
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

/** CIEDE2000 colour difference (Sharma, Wu and Dalal 2005). */
function deltaE2000([l1, a1, b1]: Rgb, [l2, a2, b2]: Rgb): number {
  const rad = Math.PI / 180;
  const hue = (b: number, a: number) => (a === 0 && b === 0 ? 0 : ((Math.atan2(b, a) / rad) + 360) % 360);
  const cBar = (Math.hypot(a1, b1) + Math.hypot(a2, b2)) / 2;
  const g = 0.5 * (1 - Math.sqrt(cBar ** 7 / (cBar ** 7 + 25 ** 7)));
  const [a1p, a2p] = [(1 + g) * a1, (1 + g) * a2];
  const [c1p, c2p] = [Math.hypot(a1p, b1), Math.hypot(a2p, b2)];
  const [h1p, h2p] = [hue(b1, a1p), hue(b2, a2p)];
  let dhp = 0;
  if (c1p * c2p !== 0) {
    dhp = h2p - h1p;
    if (dhp > 180) dhp -= 360;
    else if (dhp < -180) dhp += 360;
  }
  const dLp = l2 - l1;
  const dCp = c2p - c1p;
  const dHp = 2 * Math.sqrt(c1p * c2p) * Math.sin((dhp / 2) * rad);
  const lBar = (l1 + l2) / 2;
  const cBarP = (c1p + c2p) / 2;
  let hBar = h1p + h2p;
  if (c1p * c2p !== 0) hBar = Math.abs(h1p - h2p) > 180 ? (h1p + h2p < 360 ? (h1p + h2p + 360) / 2 : (h1p + h2p - 360) / 2) : (h1p + h2p) / 2;
  const t =
    1 -
    0.17 * Math.cos((hBar - 30) * rad) +
    0.24 * Math.cos(2 * hBar * rad) +
    0.32 * Math.cos((3 * hBar + 6) * rad) -
    0.2 * Math.cos((4 * hBar - 63) * rad);
  const dTheta = 30 * Math.exp(-(((hBar - 275) / 25) ** 2));
  const rc = 2 * Math.sqrt(cBarP ** 7 / (cBarP ** 7 + 25 ** 7));
  const sl = 1 + (0.015 * (lBar - 50) ** 2) / Math.sqrt(20 + (lBar - 50) ** 2);
  const sc = 1 + 0.045 * cBarP;
  const sh = 1 + 0.015 * cBarP * t;
  const rt = -Math.sin(2 * dTheta * rad) * rc;
  return Math.sqrt((dLp / sl) ** 2 + (dCp / sc) ** 2 + (dHp / sh) ** 2 + rt * (dCp / sc) * (dHp / sh));
}

const chartBackground = '#ffffff';
/** Two segments closer than this (CIEDE2000) read as one shade; about 10 is "clearly different", 20 leaves a margin. */
const minimumDifference = 20;

describe('the colour arithmetic', () => {
  it('matches known values', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    // Sharma, Wu and Dalal's first test pair.
    expect(deltaE2000([50, 2.6772, -79.7751], [50, 0, -82.7485])).toBeCloseTo(2.0425, 4);
    expect(deltaE2000([50, 2.5, 0], [73, 25, -18])).toBeCloseTo(27.1492, 4);
  });
});

describe('the virtual pipeline chart colours', () => {
  it('give each chart one colour per value', () => {
    expect(chartColors.volume).toHaveLength(virtualPipeline.density.chart.data.length);
    expect(chartColors.purity).toHaveLength(virtualPipeline.purity.chart.data.length);
    expect(chartColors.applications).toHaveLength(virtualPipeline.applications.chart.data.length);
  });

  it.each(Object.entries(chartColors))('%s: every mark has at least 3:1 contrast on the chart (WCAG 1.4.11)', (_kind, colors) => {
    for (const color of colors) expect(contrast(color, chartBackground), color).toBeGreaterThanOrEqual(3);
  });

  it('purity: the white value on each bar has at least 4.5:1 contrast (WCAG 1.4.3)', () => {
    for (const color of chartColors.purity) expect(contrast('#ffffff', color), color).toBeGreaterThanOrEqual(4.5);
  });

  it.each(Object.entries(colourBlindness))('applications: every two segments stay apart with %s', (_vision, matrix) => {
    const colors = chartColors.applications;
    const seen = colors.map((color) => lab(simulate(linear(color), matrix)));
    for (let i = 0; i < colors.length; i++) {
      for (let j = i + 1; j < colors.length; j++) {
        expect(deltaE2000(seen[i]!, seen[j]!), `${colors[i]} against ${colors[j]}`).toBeGreaterThanOrEqual(minimumDifference);
      }
    }
  });
});
