import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The behaviour the code follows is written in docs/ (docs/README.md lists the chapters),
 * not in a specification outside the repository that the next engineer cannot open. Source
 * comments point at a chapter; these checks keep it that way.
 */
const root = join(import.meta.dirname, '../..');
const SOURCE_ROOTS = ['app', 'server', 'domain', 'content', 'scripts', 'tests', 'eslint.config.js'];
const SOURCE_FILE = /\.(ts|tsx|mts|js|mjs|cjs|css|md)$/;
const SKIPPED_DIRS = new Set(['node_modules', '.react-router', 'build']);
const THIS_FILE = 'tests/unit/no-spec-references.test.ts';


function sourceFiles(entry: string): string[] {
  const full = join(root, entry);
  if (!existsSync(full)) return [];
  if (SOURCE_FILE.test(entry)) return [entry];
  if (entry.includes('.')) return [];
  return readdirSync(full, { withFileTypes: true }).flatMap((child) => {
    if (child.isDirectory()) return SKIPPED_DIRS.has(child.name) ? [] : sourceFiles(join(entry, child.name));
    return SOURCE_FILE.test(child.name) ? [join(entry, child.name)] : [];
  });
}

/** Every line of the source files matching `pattern`, as "path:line: text". */
function linesMatching(pattern: RegExp): string[] {
  return SOURCE_ROOTS.flatMap(sourceFiles)
    .map((file) => relative(root, join(root, file)).split('\\').join('/'))
    .filter((path) => path !== THIS_FILE)
    .flatMap((path) =>
      readFileSync(join(root, path), 'utf8')
        .split('\n')
        .flatMap((line, index) => (pattern.test(line) ? [`${path}:${index + 1}: ${line.trim()}`] : [])),
    );
}

describe('pointers to the behaviour', () => {
  it('finds the source files it checks', () => {
    expect(SOURCE_ROOTS.flatMap(sourceFiles).length).toBeGreaterThan(300);
  });

  it('never cite the specification outside the repository', () => {
    expect(linesMatching(/\bSPEC\b/)).toEqual([]);
  });

  it('name docs/ chapters that exist', () => {
    const missing = linesMatching(/docs\/[\w./-]+\.md/).filter((line) =>
      [...line.matchAll(/docs\/[\w./-]+\.md/g)].some(([path]) => !existsSync(join(root, path))),
    );
    expect(missing).toEqual([]);
  });
});
