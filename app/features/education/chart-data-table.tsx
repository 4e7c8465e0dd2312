import type { ChartContent } from '@content/virtual-pipeline';
import { cn } from '~/lib/cn';
import { formatValue } from './chart-format';

/** The chart's data as a table: what renders on the server and what screen readers read. */
export function ChartDataTable({ chart, className }: { chart: ChartContent; className?: string }) {
  return (
    <table className={cn('w-full max-w-md text-left text-sm', className)}>
      <caption className="sr-only">{`${chart.title} (data table)`}</caption>
      <thead>
        <tr className="border-b border-slate-300 text-slate-600">
          <th scope="col" className="py-2 pr-4 font-semibold">
            {chart.columns[0]}
          </th>
          <th scope="col" className="py-2 text-right font-semibold">
            {chart.columns[1]}
          </th>
        </tr>
      </thead>
      <tbody>
        {chart.data.map((datum) => (
          <tr key={datum.label} className="border-b border-slate-200 last:border-0">
            <th scope="row" className="py-2 pr-4 font-medium text-ink">
              {datum.label}
            </th>
            <td className="py-2 text-right font-semibold tabular-nums text-ink">{formatValue(chart.unit, datum.value)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
