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
  export default function autocannon(options: Options): Promise<Result>;
}
