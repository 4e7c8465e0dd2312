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
        // Fewer, larger shared chunks: every page needs React, React Router, Radix and a few
        // icons, and many tiny requests cost more than their bytes on a slow link (decision 013).
        // Lazy-only code (Chart.js, Uppy, Zod) is not named here and keeps its own chunks.
        codeSplitting: {
          groups: [
            { name: 'framework', test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/, priority: 30 },
            { name: 'ui', test: /node_modules[\\/](@radix-ui|radix-ui|lucide-react|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce|tslib|detect-node-es)[\\/]/, priority: 20 },
          ],
        },
      },
    },
  },
});
