import type { ChartContent } from '@content/virtual-pipeline';
import { Component, type ReactNode, lazy, useCallback, useState } from 'react';
import { ClientOnly } from '~/components/client-only';
import { cn } from '~/lib/cn';
import { useNearViewport } from '~/lib/use-near-viewport';
import { ChartDataTable } from './chart-data-table';
import type { ChartKind } from './chart-format';

/**
 * Chart.js is about 200 kB of JavaScript: it loads in its own chunk, only in the browser,
 * only on the page that draws charts. The server renders the data table in its place.
 */
const LngChart = lazy(() => import('./lng-charts'));

/** If the chart chunk fails to load, the data table simply stays. */
class KeepTableOnError extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * A chart with its caption in a box of fixed height, so nothing moves when the canvas
 * replaces the table. Once the chart is drawn the table becomes visually hidden but stays
 * available to screen readers. The chart is drawn when it comes near the screen: drawing all
 * three as the page hydrates was one long task (~40 ms, four times that on a slow phone) for
 * charts the visitor may never scroll to, and they animate in where they are seen.
 */
export function ChartFigure({ kind, chart, boxClassName }: { kind: ChartKind; chart: ChartContent; boxClassName: string }) {
  const [ready, setReady] = useState(false);
  const onReady = useCallback(() => setReady(true), []);
  const [nearRef, near] = useNearViewport<HTMLElement>();
  return (
    <figure ref={nearRef} data-chart={kind} data-chart-ready={ready ? 'true' : 'false'} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <figcaption>
        <span className="block text-lg font-semibold text-ink">{chart.title}</span>
        <span className="mt-1 block text-sm text-slate-600">{chart.description}</span>
      </figcaption>
      <div data-chart-box className={cn('relative mt-5', boxClassName)}>
        {near ? (
          <KeepTableOnError>
            <ClientOnly>
              <LngChart kind={kind} chart={chart} onReady={onReady} />
            </ClientOnly>
          </KeepTableOnError>
        ) : null}
        <div className={ready ? 'sr-only' : 'absolute inset-0 flex items-center justify-center'}>
          <ChartDataTable chart={chart} />
        </div>
      </div>
    </figure>
  );
}
