import { z } from 'zod';

/**
 * Zod for the schemas shared by browser and server. Import `z` from here, not from 'zod':
 * Zod compiles validators with `new Function` when it may, and in the browser our CSP
 * forbids eval, so even its probe is reported as a violation. The setting must run before
 * any schema is defined, so it lives in the module that hands out `z`.
 */
if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };
