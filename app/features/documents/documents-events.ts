import { useEffect, useRef } from 'react';

/**
 * "The documents changed": the upload button lives in the admin banner, the lists in the tab
 * below, so after an upload, edit or delete every mounted list re-fetches (SPEC §4: after any
 * document change, lists refresh).
 */
const EVENT = 'vpv:documents-changed';

export function notifyDocumentsChanged(): void {
  window.dispatchEvent(new Event(EVENT));
}

export function useDocumentsChanged(listener: () => void): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => {
    const handle = () => latest.current();
    window.addEventListener(EVENT, handle);
    return () => window.removeEventListener(EVENT, handle);
  }, []);
}
