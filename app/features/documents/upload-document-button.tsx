/**
 * The admin banner's Upload Document button and its dialog. (Filled in by the documents
 * issue; until uploads exist it renders nothing rather than a button that cannot work.)
 */
export function UploadDocumentButton() {
  return null;
}
