/** Types for the part of autocannon (which ships none) that the benchmarks use. */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  /** One request as autocannon builds it; `setupRequest` may change it before it is sent. */
  export interface RequestParams {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  }

  /** An entry of `requests`: a request, optionally rebuilt by `setupRequest` before every send. */
  export interface Request extends RequestParams {
    /** `context` is the connection's own object, kept from `setupRequest` to `onResponse` of the same request. */
    setupRequest?: (request: RequestParams, context: Record<string, unknown>) => RequestParams;
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
  }

  /** Options of a run (the subset used here). */
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: Request[];
  }

  /** Summary of a histogram; latencies are whole milliseconds. */
  export interface Histogram {
    average: number;
    mean: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p99: number;
  }

  /** The result of a run (the subset used here). */
  export interface Result {
    requests: Histogram;
    latency: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  }

  /** Runs a load test and calls back with its result. */
  export default function autocannon(
    options: Options,
    callback: (error: Error | null, result: Result) => void,
  ): EventEmitter;
}
