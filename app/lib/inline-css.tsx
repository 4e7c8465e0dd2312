import { createContext, useContext } from 'react';

/**
 * The site stylesheet's text, inlined into the document head so the first paint waits for no
 * request (decision 009). The server entry provides it; in the browser it is empty and React
 * keeps the server's <style> element, which it finds by its href.
 */
const InlineCssContext = createContext('');

export const InlineCssProvider = InlineCssContext.Provider;

export function useInlineCss(): string {
  return useContext(InlineCssContext);
}
