import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    alias: {
      '~': fileURLToPath(new URL('./app', import.meta.url)),
      '@content': fileURLToPath(new URL('./content', import.meta.url)),
    },
  },
  build: {
    // Assets are content-hashed and served with immutable caching.
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // Fewer, larger shared chunks: every page needs React, React Router, Radix and a few
        // icons, and many tiny requests cost more than their bytes on a slow link (decision 009).
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
