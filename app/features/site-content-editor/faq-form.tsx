import { contentEditorCopy as copy } from '@content/admin-content';
import { FAQ_CATEGORIES, type FaqCategory, type FaqEntry } from '@domain/site-content/types';
import { Field, Select } from '~/components/ui/input';
import { fieldId, newRowId } from './editor-fields';
import { ListEditor, TextField } from './form-parts';
import type { ContentEditor } from './use-content-editor';

const FAQ_FIELDS = ['question', 'answer', 'category'] as const;

/** The FAQ form (docs/staff-editing.md, FAQ): questions and answers in the tab's order. */
export function FaqForm({ editor }: { editor: ContentEditor<'faq'> }) {
  const c = copy.faq;
  return (
    <ListEditor<FaqEntry>
      items={editor.value}
      onChange={(items) => editor.update(() => items)}
      listPath=""
      listLabel={copy.kinds.faq.heading}
      errors={editor.errors}
      noun={c.noun}
      addLabel={c.add}
      emptyText={c.empty}
      create={() => ({ id: newRowId(), question: '', answer: '', category: 'general' })}
      nameOf={(entry) => entry.question}
      fieldKeys={FAQ_FIELDS}
      onStructureChange={() => editor.clearErrorsUnder('')}
    >
      {(entry, _index, path, update) => (
        <>
          <TextField
            path={`${path}.question`}
            label={c.question}
            value={entry.question}
            onChange={(question) => update((previous) => ({ ...previous, question }))}
            errors={editor.errors}
          />
          <TextField
            path={`${path}.answer`}
            label={c.answer}
            hint={c.answerHint}
            value={entry.answer}
            onChange={(answer) => update((previous) => ({ ...previous, answer }))}
            errors={editor.errors}
            multiline
            rows={6}
          />
          <Field id={fieldId(`${path}.category`)} label={c.category} error={editor.errors[`${path}.category`]} className="sm:max-w-xs">
            {(control) => (
              <Select
                {...control}
                value={entry.category}
                onChange={(event) => {
                  const category = FAQ_CATEGORIES.find((candidate) => candidate === event.target.value);
                  if (category) update((previous) => ({ ...previous, category }));
                }}
              >
                {FAQ_CATEGORIES.map((category: FaqCategory) => (
                  <option key={category} value={category}>
                    {c.categories[category]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </>
      )}
    </ListEditor>
  );
}
