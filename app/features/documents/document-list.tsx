/**
 * The document cards of one knowledge-base category tab, with download buttons.
 * (Filled in by the documents issue; until then every category is empty.)
 */
export interface DocumentListProps {
  /** A document category (tab id), or 'all' for the admin's All Documents tab. */
  category: string;
}

export function DocumentList({ category }: DocumentListProps) {
  return (
    <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">
      {category === 'all' ? 'No documents found.' : 'No documents found in this category.'}
    </p>
  );
}
