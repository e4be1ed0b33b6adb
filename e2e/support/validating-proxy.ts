/**
 * A validating proxy between the app and a server: every request the app sends is checked against GitBook's
 * published OpenAPI description (`gitbook-check.ts`), and, with `responses`, every answer of the server too (and
 * that it carries GitBook's `X-RateLimit-*` headers); then it is passed on as it is. What breaks a rule is kept as a
 * `Violation`; `report()` sorts them into those the departures file lists (`e2e/gitbook/departures.ts`) and the rest.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { operationList } from '../../shared/contract/index.ts';
import { departureOf, type Departure } from '../gitbook/departures.ts';
import { GitBookDescription, type Violation } from './gitbook-check.ts';

/** One request that went through. */
export interface Checked {
  method: string;
  path: string;
  operation: string;
  status: number;
  violations: Violation[];
}

/** What the proxy saw. */
export interface ProxyReport {
  /** Requests checked (each against the description, and its answer too with `responses`). */
  requests: number;
  /** Answers 429 the server gave (the app's proxy must have retried them). */
  tooManyRequests: number;
  /** Violations the departures file lists, by departure. */
  listed: Map<Departure, number>;
  /** Violations it does not list: each one is a failure. */
  unlisted: (Violation & { path: string })[];
}

/** A running validating proxy. */
export interface ValidatingProxy {
  /** Where the app's profile points. */
  baseUrl: string;
  /** The description checked against (`@gitbook/api@<version>`). */
  source: string;
  checked: readonly Checked[];
  report(): ProxyReport;
  stop(): Promise<void>;
}

const RATE_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'] as const;

let description: GitBookDescription | undefined;

/** The contract's name of an operation GitBook does not publish (`METHOD path` when not even ours). */
function contractName(method: string, path: string): string {
  const found = operationList.find(
    (operation) =>
      operation.method === method &&
      new RegExp(`^${operation.path.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path),
  );
  return found?.name ?? `${method} ${path}`;
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function parse(buffer: Buffer): unknown {
  if (buffer.length === 0) return undefined;
  try {
    return JSON.parse(buffer.toString('utf8'));
  } catch {
    return buffer.toString('utf8');
  }
}

/** Starts the proxy in front of `target`; `responses`: check the server's answers too (compat mode). */
export async function startValidatingProxy(
  target: string,
  options: { responses: boolean },
): Promise<ValidatingProxy> {
  description ??= new GitBookDescription();
  const gitbook = description;
  const checked: Checked[] = [];
  const upstream = new URL(target);

  const server: Server = createServer((incoming, outgoing) => {
    void (async () => {
      const raw = await readBody(incoming);
      const url = new URL(incoming.url ?? '/', 'http://proxy');
      const method = incoming.method ?? 'GET';
      const found = gitbook.route(method, url.pathname);
      const violations: Violation[] = [];
      const operation = found?.route.operationId ?? contractName(method, url.pathname);
      if (found === undefined)
        violations.push({
          where: 'operation',
          operation,
          schema: '#/paths',
          keyword: 'unpublished',
          detail: `${method} ${url.pathname}`,
          at: '',
        });
      else violations.push(...gitbook.checkRequest(found.route, found.params, url.searchParams, parse(raw)));

      const headers = { ...incoming.headers, host: upstream.host };
      const answer = await new Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }>(
        (resolve, reject) => {
          const forward = httpRequest(
            new URL(`${url.pathname}${url.search}`, upstream),
            { method, headers },
            (response) => {
              void readBody(response).then(
                (body) => resolve({ status: response.statusCode ?? 502, headers: response.headers, body }),
                reject,
              );
            },
          );
          forward.on('error', reject);
          forward.end(raw);
        },
      );
      if (options.responses) {
        if (found !== undefined)
          violations.push(...gitbook.checkResponse(found.route, answer.status, parse(answer.body)));
        for (const name of RATE_HEADERS)
          if (answer.headers[name] === undefined)
            violations.push({
              where: 'response',
              operation,
              schema: 'rate-limiting',
              keyword: 'header',
              detail: name,
              at: '',
            });
      }
      checked.push({ method, path: url.pathname, operation, status: answer.status, violations });
      outgoing.writeHead(answer.status, answer.headers);
      outgoing.end(answer.body);
    })().catch((error: unknown) => {
      outgoing.writeHead(502, { 'content-type': 'application/json' });
      outgoing.end(JSON.stringify({ error: { code: 502, message: `validating proxy: ${String(error)}` } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    source: gitbook.source,
    checked,
    report() {
      const listed = new Map<Departure, number>();
      const unlisted: ProxyReport['unlisted'] = [];
      for (const entry of checked)
        for (const violation of entry.violations) {
          const departure = departureOf(violation, entry.status);
          const count = departure === undefined ? 0 : (listed.get(departure) ?? 0) + 1;
          // A departure met more often than it may be (a probe made twice) counts as unlisted.
          if (departure === undefined || (departure.times !== undefined && count > departure.times))
            unlisted.push({ ...violation, path: entry.path });
          else listed.set(departure, count);
        }
      return {
        requests: checked.length,
        tooManyRequests: checked.filter((entry) => entry.status === 429).length,
        listed,
        unlisted,
      };
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
