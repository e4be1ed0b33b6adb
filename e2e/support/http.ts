/** Plain HTTP against the browser host over loopback (node:http, so that `Host` can be set like an attacker would). */
import { request as httpRequest, type Agent, type IncomingHttpHeaders } from 'node:http';
import {
  BRIDGE_HTTP_PREFIX,
  BRIDGE_REQUEST_HEADER,
  bridgeSessionCookie,
  type BridgeRequest,
  type BridgeResult,
  type BridgeResponse,
  type ChannelName,
} from '../../shared/bridge.ts';

/** An HTTP answer with its body as text. */
export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** What to send: the path, and optionally a method, headers, a body and a keep-alive agent. */
export interface HttpCall {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  agent?: Agent;
}

/** Sends one request to `origin` (`http://127.0.0.1:<port>`) without following redirects. */
export function httpCall(origin: string, call: HttpCall): Promise<HttpAnswer> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: hostname,
        port,
        method: call.method ?? 'GET',
        path: call.path,
        headers: call.headers,
        ...(call.agent === undefined ? {} : { agent: call.agent }),
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(call.body);
  });
}

/** A browser-host session: the origin and the `Cookie` header the launch URL set. */
export interface BridgeSession {
  origin: string;
  cookie: string;
}

/** Opens the launch URL like a browser would and keeps the session cookie it sets. */
export async function openSession(launchUrl: string): Promise<BridgeSession> {
  const url = new URL(launchUrl);
  const answer = await httpCall(url.origin, { path: `${url.pathname}${url.search}` });
  const name = bridgeSessionCookie(Number(url.port));
  const cookie = (answer.headers['set-cookie'] ?? [])
    .map((line) => line.split(';')[0]!)
    .find((pair) => pair.startsWith(`${name}=`));
  if (cookie === undefined)
    throw new Error(`the launch URL answered ${answer.status} without a ${name} cookie`);
  return { origin: url.origin, cookie };
}

/** The headers a bridge call from the app's own page carries. */
export function bridgeHeaders(session: BridgeSession): Record<string, string> {
  return {
    cookie: session.cookie,
    origin: session.origin,
    'content-type': 'application/json',
    [BRIDGE_REQUEST_HEADER]: '1',
  };
}

/** Calls one bridge channel over HTTP as the page would, and answers the parsed `BridgeResult`. */
export async function callBridge<C extends ChannelName>(
  session: BridgeSession,
  channel: C,
  request: BridgeRequest<C>,
  agent?: Agent,
): Promise<BridgeResult<BridgeResponse<C>>> {
  const answer = await httpCall(session.origin, {
    method: 'POST',
    path: `${BRIDGE_HTTP_PREFIX}${channel}`,
    headers: bridgeHeaders(session),
    body: JSON.stringify(request),
    ...(agent === undefined ? {} : { agent }),
  });
  if (answer.status !== 200) throw new Error(`bridge ${channel}: HTTP ${answer.status} ${answer.body}`);
  return JSON.parse(answer.body) as BridgeResult<BridgeResponse<C>>;
}
