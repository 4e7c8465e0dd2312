// The small part of autocannon's API the HTTP benchmarks use (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    duration?: number;
    connections?: number;
    headers?: Record<string, string>;
    /** Called with each connection's client as it is made. */
    setupClient?: (client: Client) => void;
  }
  /**
   * A connection's client. `pipelinedRequests.addBody` is internal (autocannon 8 and 9): it
   * appends each body chunk to a string, which scripts/bench-http.ts turns off.
   */
  interface Client {
    pipelinedRequests?: { addBody?: (chunk: Buffer) => void };
  }
  interface Histogram {
    average: number;
    p99: number;
    /** Requests: the count; throughput: the bytes. */
    total: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    non2xx: number;
  }
  /** A run started with a callback: stop() ends it early, and the callback gets what it measured so far. */
  interface Instance {
    stop(): void;
  }
  export type { Client, Options, Result };
  function autocannon(options: Options): Promise<Result>;
  function autocannon(options: Options, done: (error: Error | null, result: Result) => void): Instance;
  export default autocannon;
}
