import { documentTabCopy } from '@content/knowledge-base';
import { useId } from 'react';
import { DocumentList } from '~/features/documents/document-list';
import type { DocumentListData } from '~/features/documents/document-list.server';
import type { DocumentTabId } from './tabs';

/** A document-category tab (or the admin's All Documents): heading, intro and the documents area's list. */
export function DocumentPanel({ tab, documents }: { tab: DocumentTabId; documents: DocumentListData }) {
  const id = useId();
  const copy = documentTabCopy[tab];
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-2xl font-bold tracking-tight sm:text-3xl">
        {copy.heading}
      </h2>
      <p className="mt-2 max-w-2xl text-slate-700">{copy.intro}</p>
      <div className="mt-6">
        <DocumentList list={documents} />
      </div>
    </section>
  );
}
