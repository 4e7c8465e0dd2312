import { contentEditorCopy as copy } from '@content/admin-content';
import { initialsOf } from '@content/leaders';
import { LEADER_PHOTO_MAX_BYTES, LEADER_PHOTO_TOO_LARGE, leaderPhotoUrl } from '@domain/site-content/photos';
import type { Leader, LeaderPhoto } from '@domain/site-content/types';
import { AlertCircle, ImageUp, X } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import { Button } from '~/components/ui/button';
import { labelClass } from '~/components/ui/input';
import { ApiError, failureNotice } from '~/lib/api';
import { cn } from '~/lib/cn';
import { toast } from '~/lib/toast';
import { uploadLeaderPhoto } from './content-api';
import { fieldId, newRowId } from './editor-fields';
import { ListEditor, TextField, unplacedErrors } from './form-parts';
import type { ContentEditor } from './use-content-editor';

const LEADER_FIELDS = ['name', 'title', 'bio', 'profileUrl', 'email', 'photo'] as const;
/** What the file input offers; the server decides by the bytes, not the name. */
const PHOTO_TYPES = 'image/jpeg,image/png,image/webp,image/avif';

/** The leaders form (docs/staff-editing.md, Leaders): one row per person, in the page's order. */
export function LeadersForm({ editor }: { editor: ContentEditor<'leaders'> }) {
  const c = copy.leaders;
  return (
    <ListEditor<Leader>
      items={editor.value}
      onChange={(items) => editor.update(() => items)}
      listPath=""
      listLabel={copy.kinds.leaders.heading}
      errors={editor.errors}
      noun={c.noun}
      addLabel={c.add}
      emptyText={c.empty}
      create={() => ({ id: newRowId(), name: '', title: '', bio: '', profileUrl: '', email: '', photo: null })}
      nameOf={(leader) => leader.name}
      fieldKeys={LEADER_FIELDS}
      onStructureChange={() => editor.clearErrorsUnder('')}
    >
      {(leader, _index, path, update) => {
        const set = (field: 'name' | 'title' | 'bio' | 'profileUrl' | 'email') => (next: string) => update((previous) => ({ ...previous, [field]: next }));
        return (
          <div className="grid gap-6 md:grid-cols-[1fr_14rem]">
            <div className="space-y-4">
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField path={`${path}.name`} label={c.name} value={leader.name} onChange={set('name')} errors={editor.errors} />
                <TextField path={`${path}.title`} label={c.title} value={leader.title} onChange={set('title')} errors={editor.errors} />
              </div>
              <TextField path={`${path}.bio`} label={c.bio} value={leader.bio} onChange={set('bio')} errors={editor.errors} multiline rows={5} />
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField
                  path={`${path}.profileUrl`}
                  label={c.profileUrl}
                  hint={c.profileUrlHint}
                  value={leader.profileUrl}
                  onChange={set('profileUrl')}
                  errors={editor.errors}
                  type="url"
                  inputMode="url"
                />
                <TextField
                  path={`${path}.email`}
                  label={c.email}
                  hint={c.emailHint}
                  value={leader.email}
                  onChange={set('email')}
                  errors={editor.errors}
                  type="email"
                  inputMode="email"
                  required={false}
                />
              </div>
            </div>
            <PhotoField
              path={`${path}.photo`}
              leader={leader}
              messages={unplacedErrors(editor.errors, `${path}.photo`, [])}
              onPhoto={(photo) => update((previous) => ({ ...previous, photo }))}
              onError={(message) => editor.setFieldError(`${path}.photo`, message)}
            />
          </div>
        );
      }}
    </ListEditor>
  );
}

/**
 * The leader's photo: the square the server made (or the initials), a file input and Remove
 * photo. A file over 5 MB is refused here with the server's own message, before any upload.
 */
function PhotoField({
  path,
  leader,
  messages,
  onPhoto,
  onError,
}: {
  path: string;
  leader: Leader;
  messages: string[];
  onPhoto: (photo: LeaderPhoto | null) => void;
  onError: (message: string | null) => void;
}) {
  const id = useId();
  const [uploading, setUploading] = useState(false);
  const c = copy.leaders;
  const inputId = fieldId(path);
  const errorId = messages.length > 0 ? `${id}-error` : undefined;

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared at once, so choosing the same file again (after fixing it) fires again.
    input.value = '';
    if (!file) return;
    if (file.size > LEADER_PHOTO_MAX_BYTES) {
      onError(LEADER_PHOTO_TOO_LARGE);
      return;
    }
    onError(null);
    setUploading(true);
    try {
      const uploaded = await uploadLeaderPhoto(file);
      onPhoto({ id: uploaded.photo.id });
      toast({ title: c.photoUploaded, description: c.photoUploadedText });
    } catch (error) {
      const message = error instanceof ApiError && error.serverMessage ? error.serverMessage : failureNotice(error, c.photoFailed);
      onError(message);
    } finally {
      setUploading(false);
    }
  }

  return (
    <div role="group" aria-labelledby={`${id}-label`}>
      <p id={`${id}-label`} className={labelClass}>
        {c.photo}
      </p>
      <div className="mt-2 flex items-center gap-4 md:flex-col md:items-start">
        {leader.photo ? (
          <img
            src={leaderPhotoUrl(leader.photo.id, 160)}
            srcSet={`${leaderPhotoUrl(leader.photo.id, 160)} 160w, ${leaderPhotoUrl(leader.photo.id, 320)} 320w`}
            sizes="160px"
            width={160}
            height={160}
            alt={c.photoAlt(leader.name)}
            className="h-32 w-32 shrink-0 rounded-lg border border-slate-200 object-cover md:h-40 md:w-40"
          />
        ) : (
          <div className="flex h-32 w-32 shrink-0 flex-col items-center justify-center rounded-lg border border-dashed border-slate-300 bg-slate-50 text-center md:h-40 md:w-40">
            <span aria-hidden="true" className="text-3xl font-bold text-slate-500">
              {initialsOf(leader.name) || '?'}
            </span>
            <span className="mt-1 px-2 text-xs text-slate-600">{c.noPhoto}</span>
          </div>
        )}
        <div className="flex flex-col items-start gap-2">
          <input
            id={inputId}
            type="file"
            accept={PHOTO_TYPES}
            onChange={choose}
            disabled={uploading}
            aria-describedby={[`${id}-hint`, errorId].filter(Boolean).join(' ')}
            aria-invalid={errorId ? true : undefined}
            className="peer sr-only"
          />
          <label
            htmlFor={inputId}
            className={cn(
              'inline-flex h-9 cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm font-semibold text-ink hover:bg-slate-50',
              'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600',
              uploading && 'pointer-events-none opacity-60',
            )}
          >
            <ImageUp aria-hidden="true" className="h-4 w-4" />
            {uploading ? c.uploading : leader.photo ? c.replacePhoto : c.choosePhoto}
          </label>
          {leader.photo ? (
            <Button variant="ghost" size="sm" onClick={() => onPhoto(null)} disabled={uploading} aria-label={`${c.removePhoto}: ${leader.name || copy.list.untitled}`}>
              <X aria-hidden="true" className="h-4 w-4" />
              {c.removePhoto}
            </Button>
          ) : null}
        </div>
      </div>
      <p id={`${id}-hint`} className="mt-2 text-xs text-slate-600">
        {c.photoHint}
      </p>
      {errorId ? (
        <p id={errorId} className="mt-1.5 flex items-start gap-1.5 text-sm text-red-700">
          <AlertCircle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          {messages.join(' ')}
        </p>
      ) : null}
    </div>
  );
}
