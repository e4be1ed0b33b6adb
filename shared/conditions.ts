/**
 * Conditions of adaptive content (which visitors see a section or a site space), parsed and evaluated without
 * `eval`, by the server (validation) and the renderer (preview) alike.
 */

/** Placeholder until the parser lands: the agreed signatures. */
export type ConditionCheck = { ok: true; claims: string[] } | { ok: false; message: string; offset: number };

/** Parses a condition; answers the claims it reads (`visitor.claims.<path>`, dotted) or what is wrong and where. */
export function checkCondition(_text: string): ConditionCheck {
  return { ok: true, claims: [] };
}

/** Whether a visitor with these claims sees content under this condition (false for a condition that does not parse). */
export function evaluateCondition(_text: string, _claims: Record<string, unknown>): boolean {
  return true;
}
