// The small part of autocannon's API the HTTP benchmarks use (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    duration?: number;
    connections?: number;
    headers?: Record<string, string>;
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
  export type { Result };
  function autocannon(options: Options): Promise<Result>;
  function autocannon(options: Options, done: (error: Error | null, result: Result) => void): Instance;
  export default autocannon;
}
