/** Load targets and running autocannon against them. */
import { createHistogram } from 'node:perf_hooks';
import autocannon, { type RequestParams, type Result } from 'autocannon';

/** One request to send: a target hands out a different one each time. */
export interface RequestSpec {
  method: 'GET' | 'PATCH' | 'POST';
  path: string;
  body?: string;
}

/** An endpoint under load: where, with which headers, and the sequence of requests to cycle through. */
export interface Target {
  label: string;
  baseUrl: string;
  headers: Record<string, string>;
  next: () => RequestSpec;
}

/** How hard and how long to load a target. */
export interface LoadOptions {
  connections: number;
  /** Seconds. */
  duration: number;
}

/** Autocannon's result, with latency percentiles in fractional milliseconds (autocannon's own are whole ms). */
export interface LoadResult {
  result: Result;
  p50Ms: number;
  p99Ms: number;
}

/** Runs autocannon against a target; every request goes through `target.next()`. */
export function load(target: Target, options: LoadOptions): Promise<LoadResult> {
  // Latencies of 2xx answers in microseconds, like autocannon's own histogram but without rounding to whole ms.
  const micros = createHistogram();
  return new Promise((resolve, reject) => {
    const tracker = autocannon(
      {
        url: target.baseUrl,
        connections: options.connections,
        duration: options.duration,
        headers: target.headers,
        requests: [
          { setupRequest: (request: RequestParams): RequestParams => ({ ...request, ...target.next() }) },
        ],
      },
      (error, result) => {
        if (error) reject(error);
        else resolve({ result, p50Ms: micros.percentile(50) / 1000, p99Ms: micros.percentile(99) / 1000 });
      },
    );
    tracker.on('response', (_client: unknown, status: number, _bytes: number, milliseconds: number) => {
      if (status >= 200 && status < 300) micros.record(Math.max(1, Math.round(milliseconds * 1000)));
    });
  });
}

/** Sends a target's next request once with fetch: its status and body. */
export async function probe(target: Target): Promise<{ status: number; body: string }> {
  const spec = target.next();
  const response = await fetch(target.baseUrl + spec.path, {
    method: spec.method,
    headers: target.headers,
    ...(spec.body !== undefined ? { body: spec.body } : {}),
  });
  return { status: response.status, body: await response.text() };
}
