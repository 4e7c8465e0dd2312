import { inbox as copy } from '@content/leads';
import type { LeadStatusChange } from '@domain/leads/types';
import { formatUtc } from '~/lib/utc-time';

/** Each change of the status, newest first: from, to, when and by whom. */
export function StatusHistory({ history }: { history: LeadStatusChange[] }) {
  return (
    <div>
      <h3 className="font-semibold text-ink">{copy.history.summary(history.length)}</h3>
      {history.length === 0 ? (
        <p className="mt-1 text-slate-600">{copy.history.none}</p>
      ) : (
        <ol className="mt-1 space-y-1 text-slate-700">
          {history.map((change) => (
            <li key={`${change.at}-${change.status}-${change.previousStatus}`}>
              <span className="font-medium">{copy.history.entry(copy.status[change.status], copy.status[change.previousStatus])}</span>{' '}
              <time dateTime={change.at}>{formatUtc(change.at)}</time> {copy.history.by} {change.by}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
