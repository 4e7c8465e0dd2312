/** The part of s3rver (an untyped CommonJS package) the tests use. */
declare module 's3rver' {
  import type { Server } from 'node:http';

  interface S3rverOptions {
    port?: number;
    address?: string;
    silent?: boolean;
    directory: string;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    /** Koa's middleware list, composed when the server starts listening. */
    middleware: unknown[];
    /** The HTTP server, once `run()` has started it. */
    httpServer?: Server;
  }
}
