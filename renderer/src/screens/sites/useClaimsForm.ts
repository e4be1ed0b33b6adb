/**
 * The state of the adaptive schema's editor: the claims against the saved ones, the list and raw views kept in step,
 * checked before sending (a mutation); the server's refusal (e.g. a claim a condition still reads) is kept with the
 * edits; unsaved edits are guarded.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../bridge/errors.ts';
import { putAdaptiveSchema } from '../../queries/sites.ts';
import { toast } from '../../ui/Toast.tsx';
import { useUnsavedChanges } from '../../ui/unsaved.ts';
import {
  claimsOf,
  hasClaimErrors,
  parseSchemaText,
  sameClaims,
  schemaOf,
  schemaText,
  validateClaims,
  type Claim,
  type ClaimErrors,
} from './adaptiveSchema.ts';

/** What the editor starts from. */
interface ClaimsFormOptions {
  profileId: string;
  orgId: string;
  siteId: string;
  saved: Claim[];
  readOnly: boolean;
}

/** The editor's claims, errors, views and actions. */
export function useClaimsForm({ profileId, orgId, siteId, saved: initial, readOnly }: ClaimsFormOptions) {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(initial);
  const [claims, setClaims] = useState(initial);
  const [errors, setErrors] = useState<ClaimErrors[]>([]);
  const [raw, setRaw] = useState<string | undefined>();
  const [rawError, setRawError] = useState<string | undefined>();
  const [serverError, setServerError] = useState<string | undefined>();
  const put = useMutation({
    mutationFn: (next: Claim[]) =>
      putAdaptiveSchema(queryClient, profileId, orgId, siteId, { jsonSchema: schemaOf(next) }),
  });
  const pending = put.isPending;
  // "Add claim" puts the focus in the new row's name, so that typing goes on from the keyboard.
  const [focusNew, setFocusNew] = useState(false);
  const dirty = raw !== undefined ? raw !== schemaText(schemaOf(saved)) : !sameClaims(claims, saved);

  const edit = (index: number, change: Partial<Claim>) => {
    setClaims((old) => old.map((claim, at) => (at === index ? { ...claim, ...change } : claim)));
    setErrors((old) => old.map((entry, at) => (at === index ? {} : entry)));
  };

  /** Leaves the raw view when its text parses; otherwise stays and says why. */
  const toggleRaw = () => {
    if (raw === undefined) {
      setRaw(schemaText(schemaOf(claims)));
      setRawError(undefined);
      return;
    }
    const parsed = parseSchemaText(raw);
    if (!parsed.ok) return setRawError(parsed.message);
    setClaims(parsed.claims);
    setErrors([]);
    setRaw(undefined);
  };

  /** Checks and sends the schema; resolves to whether it is saved (a refusal stays on screen). */
  const onSave = async (): Promise<boolean> => {
    setServerError(undefined);
    let next = claims;
    if (raw !== undefined) {
      const parsed = parseSchemaText(raw);
      if (!parsed.ok) {
        setRawError(parsed.message);
        return false;
      }
      next = parsed.claims;
    } else {
      const found = validateClaims(claims);
      setErrors(found);
      if (hasClaimErrors(found)) return false;
    }
    try {
      const schema = await put.mutateAsync(next);
      const stored = claimsOf(schema.jsonSchema);
      setSaved(stored);
      setClaims(stored);
      if (raw !== undefined) setRaw(schemaText(schema.jsonSchema));
      toast({ title: 'Adaptive schema saved', tone: 'success' });
      return true;
    } catch (failure) {
      setServerError(errorMessage(failure));
      return false;
    }
  };
  const remove = (index: number) => {
    setClaims((old) => old.filter((_, at) => at !== index));
    setErrors((old) => old.filter((_, at) => at !== index));
  };
  const discard = () => {
    setClaims(saved);
    setErrors([]);
    setServerError(undefined);
    if (raw !== undefined) setRaw(schemaText(schemaOf(saved)));
    setRawError(undefined);
  };
  useUnsavedChanges(dirty && !readOnly, { what: 'the adaptive schema', save: onSave, discard });

  return {
    claims,
    setClaims,
    errors,
    raw,
    setRaw,
    rawError,
    setRawError,
    serverError,
    pending,
    dirty,
    focusNew,
    setFocusNew,
    edit,
    remove,
    toggleRaw,
    onSave,
    discard,
  };
}
