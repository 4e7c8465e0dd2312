// Loaded lazily by chart-figure.tsx, in the browser only: the one module that imports
// Chart.js, so Chart.js lands in this chunk and nowhere else.
import type { ChartContent } from '@content/virtual-pipeline';
import {
  ArcElement,
  BarElement,
  CategoryScale,
  type ChartDataset,
  type ChartOptions,
  Chart as ChartJS,
  LinearScale,
  type Plugin,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef, useState } from 'react';
import { Bar, Doughnut } from 'react-chartjs-2';
import { cn } from '~/lib/cn';
import { type ChartKind, chartColors, chartSummary, formatTick, formatValue } from './chart-format';

ChartJS.register(ArcElement, BarElement, CategoryScale, LinearScale, Tooltip);
ChartJS.defaults.font.family = "'Inter Variable', ui-sans-serif, system-ui, sans-serif";
ChartJS.defaults.font.size = 13;
ChartJS.defaults.color = '#475569';

/**
 * Mirrors which data points are visible into `data-visibility` on the canvas ("1101"),
 * read from the chart itself after every update, so tests and tools can see its state.
 */
const visibilityAttribute: Plugin<'doughnut'> = {
  id: 'visibilityAttribute',
  afterUpdate(chart) {
    const count = chart.data.labels?.length ?? 0;
    chart.canvas.dataset.visibility = Array.from({ length: count }, (_, index) => (chart.getDataVisibility(index) ? '1' : '0')).join('');
  },
};

/**
 * Writes each bar's value ('98%') at the end of the bar, inside it in white, or just past
 * its end in ink when the bar is too short for the text. The values drawn are mirrored into
 * `data-value-labels` on the canvas ("98%,85%"), like data-visibility above.
 */
function barValueLabels(unit: ChartContent['unit']): Plugin<'bar'> {
  return {
    id: 'barValueLabels',
    afterDatasetsDraw(chart) {
      const { ctx } = chart;
      const drawn: string[] = [];
      ctx.save();
      ctx.font = `700 14px ${String(ChartJS.defaults.font.family)}`;
      ctx.textBaseline = 'middle';
      for (const meta of chart.getSortedVisibleDatasetMetas()) {
        const values = chart.data.datasets[meta.index]?.data ?? [];
        meta.data.forEach((element, index) => {
          const value = values[index];
          if (typeof value !== 'number') return;
          const text = formatValue(unit, value);
          const { x, y, base } = element.getProps(['x', 'y', 'base'], true) as { x: number; y: number; base: number };
          const room = Math.abs(x - base) - 2 * valueLabelPadding;
          const inside = ctx.measureText(text).width <= room;
          ctx.fillStyle = inside ? '#ffffff' : inkColor;
          ctx.textAlign = inside ? 'right' : 'left';
          ctx.fillText(text, inside ? x - valueLabelPadding : x + valueLabelPadding, y);
          drawn.push(text);
        });
      }
      ctx.restore();
      chart.canvas.dataset.valueLabels = drawn.join(',');
    },
  };
}

const valueLabelPadding = 10;
const inkColor = '#0b1f35';

function animation() {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches ? false : { duration: 700 };
}

const gridColor = '#e2e8f0';

/** One bar chart of the page: its content as the one dataset, in the given colours and bar style. */
function ContentBar({
  chart,
  options,
  colors,
  style,
  plugins = [],
}: {
  chart: ChartContent;
  options: ChartOptions<'bar'>;
  colors: readonly string[];
  style: Partial<ChartDataset<'bar'>>;
  plugins?: Plugin<'bar'>[];
}) {
  return (
    <Bar
      role="img"
      aria-label={chartSummary(chart)}
      options={options}
      plugins={plugins}
      data={{
        labels: chart.data.map((datum) => datum.label),
        datasets: [
          {
            label: chart.title,
            data: chart.data.map((datum) => datum.value),
            backgroundColor: [...colors],
            borderRadius: 8,
            ...style,
          },
        ],
      }}
    />
  );
}

function VolumeChart({ chart }: { chart: ChartContent }) {
  const options: ChartOptions<'bar'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: animation(),
    plugins: {
      legend: { display: false },
      tooltip: { callbacks: { label: (context) => `${formatValue(chart.unit, context.parsed.y ?? 0)} volume` } },
    },
    scales: {
      x: {
        grid: { display: false },
        ticks: {
          font: { weight: 600 },
          maxRotation: 0,
          // On narrow charts, 'Standard Gas' wraps onto two lines instead of tilting.
          callback(value) {
            const label = this.getLabelForValue(Number(value));
            return this.chart.width < 480 ? label.split(' ') : label;
          },
        },
      },
      y: {
        beginAtZero: true,
        max: 600,
        grid: { color: gridColor },
        border: { display: false },
        ticks: { stepSize: 150, callback: (value) => formatTick(chart.unit, Number(value)) },
      },
    },
  };
  return (
    <ContentBar
      chart={chart}
      options={options}
      colors={chartColors.volume}
      // Standard gas (1 against 600) would otherwise be invisible.
      style={{ maxBarThickness: 96, minBarLength: 4 }}
    />
  );
}

function PurityChart({ chart }: { chart: ChartContent }) {
  const options: ChartOptions<'bar'> = {
    indexAxis: 'y',
    responsive: true,
    maintainAspectRatio: false,
    animation: animation(),
    plugins: {
      legend: { display: false },
      tooltip: { callbacks: { label: (context) => `${formatValue(chart.unit, context.parsed.x ?? 0)} methane` } },
    },
    scales: {
      x: {
        min: 0,
        max: 100,
        grid: { color: gridColor },
        border: { display: false },
        ticks: { stepSize: 20, callback: (value) => formatTick(chart.unit, Number(value)) },
      },
      y: { grid: { display: false }, ticks: { font: { weight: 600 } } },
    },
  };
  return (
    <ContentBar
      chart={chart}
      options={options}
      colors={chartColors.purity}
      style={{ maxBarThickness: 56 }}
      plugins={[barValueLabels(chart.unit)]}
    />
  );
}

/**
 * The doughnut with its legend at the bottom. The legend is HTML buttons rather than
 * Chart.js's canvas legend so it works from the keyboard and announces its state; a click
 * does what Chart.js's default doughnut legend does: toggle that entry's visibility.
 */
function ApplicationsChart({ chart }: { chart: ChartContent }) {
  const chartRef = useRef<ChartJS<'doughnut'>>(null);
  const [visible, setVisible] = useState(() => chart.data.map(() => true));
  const colors = chartColors.applications;

  function toggle(index: number) {
    const instance = chartRef.current;
    if (!instance) return;
    instance.toggleDataVisibility(index);
    instance.update();
    setVisible(chart.data.map((_, position) => instance.getDataVisibility(position)));
  }

  const options: ChartOptions<'doughnut'> = {
    responsive: true,
    maintainAspectRatio: false,
    cutout: '70%',
    animation: animation(),
    plugins: {
      legend: { display: false },
      tooltip: { callbacks: { label: (context) => ` ${context.label}: ${formatValue(chart.unit, context.parsed)}` } },
    },
  };
  return (
    <div className="flex h-full flex-col">
      <div className="relative min-h-0 flex-1">
        <Doughnut
          ref={chartRef}
          role="img"
          aria-label={chartSummary(chart)}
          options={options}
          plugins={[visibilityAttribute]}
          data={{
            labels: chart.data.map((datum) => datum.label),
            datasets: [
              {
                label: chart.title,
                data: chart.data.map((datum) => datum.value),
                backgroundColor: [...colors],
                borderColor: '#ffffff',
                borderWidth: 3,
                hoverOffset: 6,
              },
            ],
          }}
        />
      </div>
      <div className="mt-4">
        <ul aria-label={`${chart.title} legend`} className="flex flex-wrap justify-center gap-2">
          {chart.data.map((datum, index) => (
            <li key={datum.label}>
              <button
                type="button"
                aria-pressed={visible[index]}
                onClick={() => toggle(index)}
                className={cn(
                  'inline-flex cursor-pointer items-center gap-2 rounded-full border px-3 py-1.5 text-sm font-medium transition-colors',
                  visible[index] ? 'border-slate-300 bg-white text-ink hover:bg-slate-50' : 'border-dashed border-slate-300 bg-slate-50 text-slate-600',
                )}
              >
                <span
                  aria-hidden="true"
                  className={cn('h-3 w-3 rounded-full', !visible[index] && 'opacity-30')}
                  style={{ backgroundColor: colors[index] }}
                />
                <span className={cn(!visible[index] && 'line-through')}>{datum.label}</span>
                <span className="tabular-nums text-slate-600">{formatValue(chart.unit, datum.value)}</span>
              </button>
            </li>
          ))}
        </ul>
        {chart.legendHint ? <p className="mt-2 text-center text-xs text-slate-600">{chart.legendHint}</p> : null}
      </div>
    </div>
  );
}

const charts: Record<ChartKind, (props: { chart: ChartContent }) => React.JSX.Element> = {
  volume: VolumeChart,
  purity: PurityChart,
  applications: ApplicationsChart,
};

export default function LngChart({ kind, chart, onReady }: { kind: ChartKind; chart: ChartContent; onReady: () => void }) {
  // Child effects run first, so by now react-chartjs-2 has created the chart.
  useEffect(() => onReady(), [onReady]);
  const Selected = charts[kind];
  return <Selected chart={chart} />;
}
