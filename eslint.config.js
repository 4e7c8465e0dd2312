import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';
import ts from 'typescript';
import tseslint from 'typescript-eslint';

/*
 * Imports flow one way (docs/conventions.md): content/ and domain/ at the bottom, app/ and
 * server/ side by side on top of them and never importing each other, scripts/ and tests/ on
 * top. Each zone lists the folders its files may import; domain/ also lists its packages.
 * Type-only imports count too: a type from server/ in app/ couples them just the same.
 */
const importZones = {
  domain: { folders: ['domain'], packages: ['zod'] },
  content: { folders: ['content', 'domain'] },
  app: { folders: ['app', 'content', 'domain'] },
  server: { folders: ['server', 'content', 'domain'] },
};

const root = import.meta.dirname;
// The aliases as tsconfig.json declares them (their one declaration): '~/*' → 'app/*'.
const aliases = Object.entries(ts.readConfigFile(path.join(root, 'tsconfig.json'), ts.sys.readFile).config.compilerOptions.paths).map(
  ([alias, [target]]) => ({ prefix: alias.replace(/\*$/, ''), dir: path.resolve(root, target.replace(/\*$/, '')) }),
);

/** The top-level folder an import specifier lands in, or null for a package ('zod', 'node:fs'). */
function folderOf(file, specifier) {
  const alias = aliases.find(({ prefix }) => specifier.startsWith(prefix));
  if (alias) return path.relative(root, path.join(alias.dir, specifier.slice(alias.prefix.length))).split(path.sep)[0];
  if (specifier.startsWith('.')) return path.relative(root, path.resolve(path.dirname(file), specifier)).split(path.sep)[0];
  return null;
}

/** Like import/no-restricted-paths: resolves relative paths and aliases, and sees import() and import('x').T too. */
const importZonesRule = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const zoneName = path.relative(root, context.filename).split(path.sep)[0];
    const zone = importZones[zoneName];
    if (!zone) return {};
    const check = (source) => {
      if (typeof source?.value !== 'string') return; // import(variable): not knowable here
      const folder = folderOf(context.filename, source.value);
      const allowed = folder === null ? !zone.packages || zone.packages.some((name) => source.value === name || source.value.startsWith(`${name}/`)) : zone.folders.includes(folder);
      if (allowed) return;
      const may = zone.packages ? `${zone.folders.join('/, ')}/ and ${zone.packages.join(', ')}` : `${zone.folders.join('/, ')}/`;
      context.report({
        node: source,
        message: `${zoneName}/ may import only ${may}, not '${source.value}'${folder === null ? '' : ` (${folder}/)`}. Imports flow one way: docs/conventions.md.`,
      });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      TSImportType: (node) => check(node.argument?.literal),
    };
  },
};

export default tseslint.config(
  { ignores: ['build/', 'build-*/', 'tmp/', '.react-router/', 'node_modules/', 'test-results/', 'playwright-report/', 'data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: Object.keys(importZones).map((zone) => `${zone}/**/*.{ts,tsx,js,mjs}`),
    plugins: { layers: { rules: { 'import-zones': importZonesRule } } },
    rules: { 'layers/import-zones': 'error' },
  },
);
