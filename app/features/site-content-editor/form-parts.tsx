import { contentEditorCopy as copy } from '@content/admin-content';
import { AlertCircle, ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { type HTMLInputTypeAttribute, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button } from '~/components/ui/button';
import { Field, Input, Textarea } from '~/components/ui/input';
import { cn } from '~/lib/cn';
import { type PathErrors, fieldId, itemPath, moveItem } from './editor-fields';

/** A labelled text input or text area bound to one path of the content; its error is the message at that path. */
export function TextField({
  path,
  label,
  value,
  onChange,
  errors,
  hint,
  multiline,
  rows = 4,
  type = 'text',
  inputMode,
  autoComplete = 'off',
  required = true,
  className,
}: {
  path: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  errors: PathErrors;
  hint?: ReactNode;
  multiline?: boolean;
  rows?: number;
  type?: HTMLInputTypeAttribute;
  inputMode?: 'text' | 'email' | 'tel' | 'url';
  autoComplete?: string;
  required?: boolean;
  className?: string;
}) {
  return (
    <Field id={fieldId(path)} label={label} markRequired={required} hint={hint} error={errors[path]} className={className}>
      {(control) =>
        multiline ? (
          <Textarea {...control} required={required} rows={rows} value={value} onChange={(event) => onChange(event.target.value)} />
        ) : (
          <Input
            {...control}
            type={type}
            inputMode={inputMode}
            autoComplete={autoComplete}
            required={required}
            value={value}
            onChange={(event) => onChange(event.target.value)}
          />
        )
      }
    </Field>
  );
}

/** Messages for a group (a list row, the phone) that no field inside it shows. */
export function GroupErrors({ messages }: { messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <ul className="mt-2 space-y-1">
      {messages.map((message) => (
        <li key={message} className="flex items-start gap-1.5 text-sm text-red-700">
          <AlertCircle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          {message}
        </li>
      ))}
    </ul>
  );
}

/** A titled group of fields (a fieldset with a visible legend). */
export function FieldGroup({
  id,
  legend,
  children,
  className,
  heading = false,
}: {
  id?: string;
  legend: string;
  children: ReactNode;
  className?: string;
  /** The legend is also the page's level-2 heading for what the group holds (a group of list rows with headings of their own). */
  heading?: boolean;
}) {
  return (
    <fieldset id={id} tabIndex={id ? -1 : undefined} className={cn('rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6', className)}>
      <legend className="px-1 text-lg font-bold text-ink">{heading ? <h2>{legend}</h2> : legend}</legend>
      <div className="space-y-4">{children}</div>
    </fieldset>
  );
}

type Focus = { id: string; action: 'moveUp' | 'moveDown' | 'remove' | 'first' } | { id: null; action: 'add' };

/**
 * An ordered list of rows with Add, Remove, Move up and Move down buttons (docs/staff-editing.md,
 * Lists): buttons, not dragging, so the keyboard does all of it. After each step focus stays
 * with the row (or the next one), and a status line says what happened.
 */
export function ListEditor<T extends { id: string }>({
  items,
  onChange,
  listPath,
  errors,
  noun,
  addLabel,
  emptyText,
  create,
  nameOf,
  fieldKeys,
  listLabel,
  headingLevel = 2,
  onStructureChange,
  children,
}: {
  items: readonly T[];
  onChange: (items: T[]) => void;
  /** The list's own path: '' when the content is the list (leaders, FAQ). */
  listPath: string;
  errors: PathErrors;
  noun: string;
  addLabel: string;
  emptyText: string;
  create: () => T;
  nameOf: (item: T) => string;
  /** The keys of each row's fields: a row lists the messages none of them shows (an unknown photo). */
  fieldKeys: readonly string[];
  listLabel: string;
  /**
   * The level of each row's heading: 2 when the list is the page's content, under its h1
   * (leaders, FAQ); 3 inside a group headed by an h2 (associations). Headings go down one level
   * at a time (axe's heading-order).
   */
  headingLevel?: 2 | 3;
  onStructureChange: () => void;
  children: (item: T, index: number, path: string, update: (change: (item: T) => T) => void) => ReactNode;
}) {
  const listId = useId();
  const RowHeading = headingLevel === 3 ? 'h3' : 'h2';
  const [announcement, setAnnouncement] = useState('');
  const focus = useRef<Focus | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const rowPath = (index: number) => itemPath(listPath || null, index);

  useEffect(() => {
    const wanted = focus.current;
    if (!wanted || !container.current) return;
    focus.current = null;
    if (wanted.action === 'add') {
      container.current.querySelector<HTMLElement>(`[data-add]`)?.focus();
      return;
    }
    const row = container.current.querySelector<HTMLElement>(`[data-row="${CSS.escape(wanted.id)}"]`);
    if (!row) return;
    if (wanted.action === 'first') {
      row.querySelector<HTMLElement>('input, textarea, select')?.focus();
      return;
    }
    // The same button again, or its partner once the row reached an end of the list.
    const order = wanted.action === 'moveUp' ? ['moveUp', 'moveDown'] : wanted.action === 'moveDown' ? ['moveDown', 'moveUp'] : ['remove'];
    for (const action of order) {
      const button = row.querySelector<HTMLButtonElement>(`[data-action="${action}"]`);
      if (button && !button.disabled) {
        button.focus();
        return;
      }
    }
  });

  const label = (item: T, index: number) => copy.list.itemLabel(noun, index + 1, nameOf(item).trim());

  function move(index: number, to: number, action: 'moveUp' | 'moveDown') {
    const item = items[index];
    if (!item) return;
    focus.current = { id: item.id, action };
    onStructureChange();
    onChange(moveItem(items, index, to));
    setAnnouncement(copy.list.moved(nameOf(item).trim() || copy.list.untitled, to + 1));
  }

  function remove(index: number) {
    const item = items[index];
    if (!item) return;
    const next = items[index + 1] ?? items[index - 1];
    focus.current = next ? { id: next.id, action: 'remove' } : { id: null, action: 'add' };
    onStructureChange();
    onChange(items.filter((_, position) => position !== index));
    setAnnouncement(copy.list.removed(nameOf(item).trim() || copy.list.untitled));
  }

  function add() {
    const item = create();
    focus.current = { id: item.id, action: 'first' };
    onChange([...items, item]);
    setAnnouncement(copy.list.added(noun));
  }

  return (
    <div ref={container}>
      {items.length === 0 ? <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">{emptyText}</p> : null}
      <GroupErrors messages={listPath ? (errors[listPath] ? [errors[listPath]] : []) : []} />
      <ol className="space-y-4" aria-label={listLabel}>
        {items.map((item, index) => {
          const path = rowPath(index);
          const headingId = `${listId}-${item.id}`;
          const itemLabel = label(item, index);
          return (
            <li key={item.id} data-row={item.id}>
              <div
                role="group"
                aria-labelledby={headingId}
                id={fieldId(path)}
                tabIndex={-1}
                className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
              >
                <RowHeading id={headingId} className="break-words text-base font-bold text-ink">
                  {itemLabel}
                </RowHeading>
                <GroupErrors messages={unplacedErrors(errors, path, fieldKeys.map((key) => `${path}.${key}`))} />
                <div className="mt-4 space-y-4">
                  {children(item, index, path, (change) => onChange(items.map((candidate) => (candidate.id === item.id ? change(candidate) : candidate))))}
                </div>
                <div className="mt-5 flex flex-wrap gap-2 border-t border-slate-100 pt-4">
                  <Button
                    variant="outline"
                    size="sm"
                    data-action="moveUp"
                    disabled={index === 0}
                    onClick={() => move(index, index - 1, 'moveUp')}
                    aria-label={`${copy.list.moveUp}: ${itemLabel}`}
                  >
                    <ArrowUp aria-hidden="true" className="h-4 w-4" />
                    {copy.list.moveUp}
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    data-action="moveDown"
                    disabled={index === items.length - 1}
                    onClick={() => move(index, index + 1, 'moveDown')}
                    aria-label={`${copy.list.moveDown}: ${itemLabel}`}
                  >
                    <ArrowDown aria-hidden="true" className="h-4 w-4" />
                    {copy.list.moveDown}
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    data-action="remove"
                    onClick={() => remove(index)}
                    aria-label={`${copy.list.remove}: ${itemLabel}`}
                    className="text-red-700 hover:bg-red-50 sm:ml-auto"
                  >
                    <Trash2 aria-hidden="true" className="h-4 w-4" />
                    {copy.list.remove}
                  </Button>
                </div>
              </div>
            </li>
          );
        })}
      </ol>
      <div className="mt-4">
        <Button variant="outline" data-add onClick={add}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          {addLabel}
        </Button>
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}

/** Messages at `path` and below that none of the `placed` fields (or groups) shows. */
export function unplacedErrors(errors: PathErrors, path: string, placed: readonly string[]): string[] {
  const under = (key: string, prefix: string) => key === prefix || key.startsWith(`${prefix}.`);
  return Object.entries(errors).flatMap(([key, message]) =>
    message && under(key, path) && !placed.some((prefix) => under(key, prefix)) ? [message] : [],
  );
}
