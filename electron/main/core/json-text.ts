/**
 * An API answer's JSON text, passed on as it is. In browser mode the bridge answers over HTTP: re-parsing and
 * re-stringifying a 650 KB page tree in the host only to send the same JSON on cost the host's thread at every
 * review. The proxy makes one only of a text it checked to be JSON that cannot hold the token (`redaction.ts`,
 * `passableJson`); the host writes it into the bridge answer (`bridgeAnswerJson`). Anything else that serializes one
 * (a test, a log) gets the parsed value, through `toJSON`.
 */
export class JsonText {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }

  toJSON(): unknown {
    return JSON.parse(this.text) as unknown;
  }
}

/**
 * The JSON of a bridge answer: a successful API answer whose body is a `JsonText` gets its text spliced in as it is;
 * every other answer is `JSON.stringify`'s.
 */
export function bridgeAnswerJson(answer: unknown): string {
  if (
    typeof answer === 'object' &&
    answer !== null &&
    'ok' in answer &&
    answer.ok === true &&
    'value' in answer &&
    Object.keys(answer).length === 2
  ) {
    const value = answer.value;
    if (typeof value === 'object' && value !== null && 'body' in value && value.body instanceof JsonText) {
      const { body, ...rest } = value;
      const head = JSON.stringify(rest).slice(1, -1);
      return `{"ok":true,"value":{${head}${head === '' ? '' : ','}"body":${body.text}}}`;
    }
  }
  return JSON.stringify(answer);
}
