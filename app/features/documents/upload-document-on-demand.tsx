import { documentsCopy } from '@content/documents';
import { Upload } from 'lucide-react';
import { lazy } from 'react';
import { ClientOnly } from '~/components/client-only';
import { Button } from '~/components/ui/button';

// The upload dialog loads when an admin first needs it, so visitors download neither it nor
// Zod (decision 016).
const UploadDocumentButton = lazy(() =>
  import('./upload-document-button').then((module) => ({ default: module.UploadDocumentButton })),
);

/** Stands in, disabled, until the real Upload Document button has loaded. */
function UploadDocumentButtonLoading() {
  return (
    <Button size="sm" disabled>
      <Upload aria-hidden="true" className="h-4 w-4" />
      {documentsCopy.upload.button}
    </Button>
  );
}

/** The Upload Document button for the admin banner, rendered only for an admin, in the browser. */
export function UploadDocumentOnDemand() {
  return (
    <ClientOnly fallback={<UploadDocumentButtonLoading />}>
      <UploadDocumentButton />
    </ClientOnly>
  );
}
