/**
 * What the proxy removes from the API's answers before the renderer, a log or a message sees them: the profile's
 * token, in every spelling its answer may use.
 */
import { JsonText } from './json-text.ts';

/** Secrets shorter than this are not real tokens; replacing them would garble every message (a token "t"). */
const REDACT_MIN_LENGTH = 8;

/** Replaces every occurrence of a secret (of a real token's length) in a text. */
export function redact(text: string, secret: string | undefined): string {
  if (secret === undefined || secret.length < REDACT_MIN_LENGTH) return text;
  return text.split(secret).join('[token]');
}

/**
 * Whether an answer's JSON text may be passed on as it is: it holds neither the token nor its JSON-escaped form,
 * and no escape that could spell a token's character otherwise (`\u…`, `\/`). A token (printable ASCII, checked
 * before the call) in any string of the parsed value is then in the text as its JSON-escaped form: the text's other
 * escapes (`\n`, `\t`…) only make control characters, which no token has. Anything else is parsed and redacted.
 */
export function passableJson(text: string, token: string): boolean {
  return (
    !text.includes(token) &&
    !text.includes(JSON.stringify(token).slice(1, -1)) &&
    !text.includes('\\u') &&
    !text.includes('\\/')
  );
}

/**
 * Redacts a secret in every string (keys included) of a parsed JSON value: for a text whose escapes (`\u…`, `\/`)
 * could have spelled the secret in a way the text's own redaction does not see.
 */
function redactValue(value: unknown, secret: string): unknown {
  if (typeof value === 'string') return redact(value, secret);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, secret));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [redact(key, secret), redactValue(item, secret)]),
    );
  return value;
}

/**
 * The body of an API answer's (non-empty) text, the token redacted; `undefined` when the text is not JSON. With
 * `asText` (a bridge that answers as JSON text), a text that cannot hold the token is checked to be JSON and answered
 * as its `JsonText`: not parsed into values only to be stringified again.
 */
export function safeBody(text: string, token: string, asText: boolean): { body: unknown } | undefined {
  try {
    if (asText && passableJson(text, token)) {
      JSON.parse(text);
      return { body: new JsonText(text) };
    }
    // A server that echoes the token back does not get it shown: redact its JSON-escaped form before parsing, and in
    // the parsed strings too when an escape could have spelled it otherwise.
    const body = JSON.parse(redact(text, JSON.stringify(token).slice(1, -1))) as unknown;
    return { body: text.includes('\\u') || text.includes('\\/') ? redactValue(body, token) : body };
  } catch {
    return undefined;
  }
}
