/** Which vocabulary word the visitor meant (docs/search.md, "Typing mistakes"), from the candidates the database proposes. */

/** Candidates the database proposes for one word (the dialects' `candidates`). */
export const CANDIDATES = 60;

export interface VocabularyWord {
  word: string;
  /** How many times the word occurs in the indexed text. */
  uses: number;
}

/** Damerau-Levenshtein distance (optimal string alignment: adjacent transpositions count as one edit). */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows = a.length + 1;
  const cols = b.length + 1;
  let previous2 = new Array<number>(cols).fill(0);
  let previous = Array.from({ length: cols }, (_, j) => j);
  let current = new Array<number>(cols).fill(0);
  for (let i = 1; i < rows; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, (previous2[j - 2] ?? 0) + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    [previous2, previous, current] = [previous, current, previous2];
  }
  return previous[cols - 1] ?? 0;
}

/** Edits allowed for a word of this length: none under 4 characters, 1 up to 5, 2 up to 10, then 3. */
export function allowedEdits(length: number): number {
  if (length < 4) return 0;
  if (length <= 5) return 1;
  if (length <= 10) return 2;
  return 3;
}

/** How far `word` is from `candidate` (null: too far); against the start of a longer candidate ("regasifi|cation") half an edit more. */
export function candidateDistance(word: string, candidate: string): number | null {
  const max = allowedEdits(word.length);
  if (max === 0 || word === candidate) return null;
  const whole = editDistance(word, candidate, max);
  let best = whole <= max ? whole : Number.POSITIVE_INFINITY;
  if (candidate.length > word.length + 1 && word.length >= 5) {
    for (let length = word.length - 1; length <= word.length + 1; length++) {
      const prefix = editDistance(word, candidate.slice(0, length), max);
      // The start must not differ in its first letter: "etback" is not a start of "netback".
      if (prefix <= max && candidate[0] === word[0]) best = Math.min(best, prefix + 0.5);
    }
  }
  return Number.isFinite(best) ? best : null;
}

/** The nearest candidate, then the most used, then the first alphabetically, or null; `slack` more edits for a "Did you mean …?". */
export function bestCorrection(word: string, candidates: readonly VocabularyWord[], slack = 0): string | null {
  let best: { word: string; distance: number; uses: number } | null = null;
  for (const candidate of candidates) {
    if (candidate.word === word) continue;
    const distance = slack ? looseDistance(word, candidate.word, slack) : candidateDistance(word, candidate.word);
    if (distance === null) continue;
    if (
      !best ||
      distance < best.distance ||
      (distance === best.distance && (candidate.uses > best.uses || (candidate.uses === best.uses && candidate.word < best.word)))
    ) {
      best = { word: candidate.word, distance, uses: candidate.uses };
    }
  }
  return best?.word ?? null;
}

function looseDistance(word: string, candidate: string, slack: number): number | null {
  const strict = candidateDistance(word, candidate);
  if (strict !== null) return strict;
  if (word.length < 3) return null;
  const max = allowedEdits(Math.max(word.length, 4)) + slack;
  const distance = editDistance(word, candidate, max);
  // Never more than half the word: "asdf" is not "as".
  return distance <= max && distance * 2 < word.length ? distance : null;
}

/** The trigrams of a word, as the SQLite candidate query looks them up (pg_trgm makes its own). */
export function trigramsOf(word: string): string[] {
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= word.length; i++) grams.add(word.slice(i, i + 3));
  return [...grams];
}
