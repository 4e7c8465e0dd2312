import crypto from 'node:crypto';

// An inline script: a <script> start tag without src, its text, and the end tag. React writes
// attribute values in double quotes with `>` escaped, so a start tag ends at its first `>`; a
// script's text cannot contain `</script` (React and our loader escape `<` in the JSON they inline).
const inlineScript = /<script(\s[^>]*)?>([\s\S]*?)<\/script\s*>/gi;
const srcAttribute = /\ssrc\s*=/i;

/**
 * The CSP hash sources (`'sha256-…'`) of every inline script in a page, in order of first
 * appearance, without repeats: what a cached page's `script-src` allows instead of the nonce
 * its first rendering carried (decision 020). The browser hashes a script element's text as it
 * stands in the document, so these are the bytes between the tags. The held-back hydration
 * script (type text/x-deferred-module) is included: the loader re-creates it with the same text.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', text = ''] of html.matchAll(inlineScript)) {
    if (srcAttribute.test(attributes)) continue;
    hashes.add(`'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** The page's CSP with its per-response nonce in `script-src` replaced by `hashes`. */
export function cspWithHashes(policy: string, hashes: readonly string[]): string {
  return policy.replace(/'nonce-[^']*'/g, hashes.join(' '));
}
