import { AlertTriangle } from 'lucide-react';
import { Button } from './button';

export const conflictCopy = {
  keepMine: 'Keep my changes',
  useTheirs: 'Use their version',
  hint: 'Keep my changes: your next save replaces their version. Use their version: the form shows what they saved, and what you typed is dropped.',
} as const;

/**
 * Shown in an edit form when someone else saved first (docs/admin.md, Edit conflicts): their
 * name and time, and the admin's two choices. Nothing typed changes until one is chosen.
 */
export function ConflictNotice({ message, onKeepMine, onUseTheirs }: { message: string; onKeepMine: () => void; onUseTheirs: () => void }) {
  return (
    <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <p className="flex items-start gap-2 font-semibold">
        <AlertTriangle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
        <span>{message}</span>
      </p>
      <p className="mt-1 text-amber-900">{conflictCopy.hint}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" onClick={onKeepMine}>
          {conflictCopy.keepMine}
        </Button>
        <Button size="sm" variant="outline" onClick={onUseTheirs}>
          {conflictCopy.useTheirs}
        </Button>
      </div>
    </div>
  );
}
