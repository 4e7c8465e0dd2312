import { contentEditorCopy as copy } from '@content/admin-content';
import type { AssociationEntry, Associations } from '@domain/site-content/types';
import { newRowId } from './editor-fields';
import { FieldGroup, ListEditor, TextField } from './form-parts';
import type { ContentEditor } from './use-content-editor';

const ENTRY_FIELDS = ['name', 'url'] as const;

/** The associations form (docs/staff-editing.md, Associations): two lists of names with optional links. */
export function AssociationsForm({ editor }: { editor: ContentEditor<'associations'> }) {
  const c = copy.associations;
  const list = (key: keyof Associations, legend: string, noun: string, addLabel: string) => (
    <FieldGroup legend={legend} heading>
      <ListEditor<AssociationEntry>
        items={editor.value[key]}
        onChange={(items) => editor.update((previous) => ({ ...previous, [key]: items }))}
        listPath={key}
        listLabel={legend}
        headingLevel={3}
        errors={editor.errors}
        noun={noun}
        addLabel={addLabel}
        emptyText={c.empty}
        create={() => ({ id: newRowId(), name: '', url: null })}
        nameOf={(entry) => entry.name}
        fieldKeys={ENTRY_FIELDS}
        onStructureChange={() => editor.clearErrorsUnder(key)}
      >
        {(entry, _index, path, update) => (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField path={`${path}.name`} label={c.name} value={entry.name} onChange={(name) => update((previous) => ({ ...previous, name }))} errors={editor.errors} />
            <TextField
              path={`${path}.url`}
              label={c.url}
              hint={c.urlHint}
              value={entry.url ?? ''}
              // An empty link is no link (null), not an empty address.
              onChange={(url) => update((previous) => ({ ...previous, url: url.trim() === '' ? null : url }))}
              errors={editor.errors}
              type="url"
              inputMode="url"
              required={false}
            />
          </div>
        )}
      </ListEditor>
    </FieldGroup>
  );

  return (
    <div className="space-y-6">
      {list('associations', c.associations, c.associationsNoun, c.addAssociation)}
      {list('companies', c.companies, c.companiesNoun, c.addCompany)}
    </div>
  );
}
