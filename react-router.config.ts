import type { Config } from '@react-router/dev/config';

export default {
  // Server-rendered: every public page arrives as complete HTML, then hydrates.
  ssr: true,
  appDirectory: 'app',
  buildDirectory: 'build',
} satisfies Config;
