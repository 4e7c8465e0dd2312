import type { Config } from '@react-router/dev/config';

export default {
  // Server-rendered: every public page arrives as complete HTML, then hydrates.
  ssr: true,
  appDirectory: 'app',
  // BUILD_DIR lets parallel checkouts or test runs build side by side.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
} satisfies Config;
