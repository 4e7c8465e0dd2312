import { contentEditorCopy as copy } from '@content/admin-content';
import { pages } from '@content/pages';
import { PAGE_LABELS } from '@domain/site-content/diff';
import { SEO_DESCRIPTION_ADVISED, SEO_DESCRIPTION_MAX, SEO_TITLE_ADVISED, SEO_TITLE_MAX } from '@domain/site-content/schemas';
import { PAGE_KEYS, type PageKey, type PageSeo } from '@domain/site-content/types';
import { ExternalLink } from 'lucide-react';
import { useId } from 'react';
import { cn } from '~/lib/cn';
import { FieldGroup, TextField } from './form-parts';
import type { ContentEditor } from './use-content-editor';

/**
 * Each public page's search title and description (docs/staff-editing.md, Search titles),
 * with character counters (advised and most) and a search result as it may look.
 */
export function SeoForm({ editor, siteUrl }: { editor: ContentEditor<'seo'>; siteUrl: string }) {
  return (
    <div className="space-y-6">
      {PAGE_KEYS.map((key) => (
        <PageSeoFields
          key={key}
          pageKey={key}
          entry={editor.value[key]}
          siteUrl={siteUrl}
          editor={editor}
          onChange={(field, next) => editor.update((previous) => ({ ...previous, [key]: { ...previous[key], [field]: next } }))}
        />
      ))}
    </div>
  );
}

function PageSeoFields({
  pageKey,
  entry,
  siteUrl,
  editor,
  onChange,
}: {
  pageKey: PageKey;
  entry: PageSeo;
  siteUrl: string;
  editor: ContentEditor<'seo'>;
  onChange: (field: keyof PageSeo, value: string) => void;
}) {
  const c = copy.seo;
  const path = pages[pageKey].path;
  return (
    <FieldGroup legend={`${PAGE_LABELS[pageKey]} (${path})`}>
      <div className="grid gap-6 lg:grid-cols-[1fr_26rem]">
        <div className="space-y-4">
          <TextField
            path={`${pageKey}.title`}
            label={c.title}
            hint={<Counter count={entry.title.length} advised={SEO_TITLE_ADVISED} max={SEO_TITLE_MAX} />}
            value={entry.title}
            onChange={(next) => onChange('title', next)}
            errors={editor.errors}
          />
          <TextField
            path={`${pageKey}.description`}
            label={c.description}
            hint={
              <>
                <Counter count={entry.description.length} advised={SEO_DESCRIPTION_ADVISED} max={SEO_DESCRIPTION_MAX} />
                <span className="block">{c.descriptionHint}</span>
              </>
            }
            value={entry.description}
            // A search description is one line: Enter or a pasted paragraph becomes spaces.
            onChange={(next) => onChange('description', next.replace(/\r\n|[\r\n\u2028\u2029]/g, ' '))}
            errors={editor.errors}
            multiline
            rows={3}
          />
          <a
            href={`${path}?preview=drafts`}
            target="_blank"
            rel="noopener"
            className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            {c.open}: {PAGE_LABELS[pageKey]}
            <ExternalLink aria-hidden="true" className="h-4 w-4" />
            <span className="sr-only">{copy.actions.opensInNewTab}</span>
          </a>
        </div>
        <SearchPreview title={entry.title} description={entry.description} url={`${siteUrl}${path === '/' ? '' : path}`} />
      </div>
    </FieldGroup>
  );
}

function Counter({ count, advised, max }: { count: number; advised: number; max: number }) {
  const c = copy.seo;
  return (
    <span className={cn('block', count > max ? 'font-semibold text-red-700' : count > advised ? 'font-semibold text-amber-900' : undefined)}>
      {c.counter(count, advised, max)}
      {count > max ? ` ${c.overMax}` : count > advised ? ` ${c.overAdvised}` : ''}
    </span>
  );
}

/** Cut where a search engine usually cuts (by the advised lengths), with an ellipsis. */
function cut(text: string, length: number): string {
  const trimmed = text.trim();
  return trimmed.length > length ? `${trimmed.slice(0, length - 1).trimEnd()}…` : trimmed;
}

/** A search result as it may look: the address, the title as a link, the description. Decorative for screen readers beyond its caption. */
function SearchPreview({ title, description, url }: { title: string; description: string; url: string }) {
  const id = useId();
  const shownUrl = url.replace(/^https?:\/\//, '').replace(/\//g, ' › ');
  return (
    <figure aria-labelledby={id} className="self-start">
      <figcaption id={id} className="text-sm font-semibold text-ink">
        {copy.seo.preview}
      </figcaption>
      <div className="mt-2 rounded-lg border border-slate-200 bg-white p-4 font-sans shadow-sm">
        <p className="truncate text-xs text-slate-700">{shownUrl}</p>
        <p className="mt-1 break-words text-lg leading-snug text-[#1a0dab]">{cut(title, SEO_TITLE_ADVISED)}</p>
        <p className="mt-1 break-words text-sm leading-snug text-slate-700">{cut(description, SEO_DESCRIPTION_ADVISED)}</p>
      </div>
    </figure>
  );
}
