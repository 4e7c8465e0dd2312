import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { precompress } from './scripts/build/precompress.ts';

export default defineConfig({
  // precompress: every compressible client file also as .br and .gz (server/static-files.ts).
  plugins: [tailwindcss(), reactRouter(), precompress()],
  // The path aliases (~/, @content/, @domain/) are declared once, in tsconfig.json's `paths`,
  // which TypeScript, Vite, Vitest, tsx and Playwright all read.
  resolve: { tsconfigPaths: true },
  build: {
    // Assets are content-hashed and served with immutable caching.
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // One shared chunk for what every page needs (React, React DOM, React Router; decision
        // 013). Radix parts and icons are not grouped: each page downloads only those it uses,
        // and those of closed dialogs load when they open (decision 021). Lazy-only code
        // (Chart.js, Uppy, Zod) keeps its own chunks.
        codeSplitting: {
          groups: [
            { name: 'framework', test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/, priority: 30 },
            // Radix's small shared core (Slot, Primitive, refs, context) apart from positioning
            // (menus, tooltips): the button needs the first on every page, and only the lazy
            // menu and tooltip modules import the second. Left to itself, the bundler merged
            // both into one chunk that every page loaded (decision 021).
            { name: 'radix-core', test: /node_modules[\\/]@radix-ui[\\/](react-slot|react-compose-refs|react-primitive|react-context|react-id|react-use-[a-z-]+|primitive)[\\/]/, priority: 25 },
            { name: 'popper', test: /node_modules[\\/](@floating-ui|@radix-ui[\\/]react-popper|@radix-ui[\\/]react-arrow)[\\/]/, priority: 20 },
          ],
        },
      },
    },
  },
});
