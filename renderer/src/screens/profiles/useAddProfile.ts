/**
 * The "add a profile" form's state and its two calls (the view is `AddProfileForm.tsx`). The token lives only in the
 * form's uncontrolled password input: the calls read it at that moment (it is never a variable of their mutations,
 * which the mutation cache keeps). A test leaves it in the field, so that Save needs no second paste; a save that went
 * through clears it and switches to the new profile.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useRef, useState, type FormEvent } from 'react';
import type { VaultStatus } from '../../../../shared/bridge.ts';
import { errorMessage } from '../../bridge/errors.ts';
import { addProfile } from '../../queries/profiles.ts';
import { toast } from '../../ui/Toast.tsx';
import { useTokenTest } from './useTokenTest.ts';
import {
  validateConnection,
  validateNewProfile,
  type FieldErrors,
  type NewProfileField,
} from './validation.ts';

/** The form's fields that can be refused. */
export type AddProfileErrors = FieldErrors<NewProfileField | 'sessionOnly'>;

/** The fields, their errors, the connection test, the save and which of the two runs. */
export function useAddProfile(vault: VaultStatus | undefined) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const nameRef = useRef<HTMLInputElement>(null);
  const baseUrlRef = useRef<HTMLInputElement>(null);
  const tokenRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const [sessionOnly, setSessionOnly] = useState(false);
  const [errors, setErrors] = useState<AddProfileErrors>({});
  const vaultMissing = vault !== undefined && !vault.available;

  /** Reads the token for one call; the caller keeps the string only for that call. */
  const readToken = (): string => tokenRef.current?.value ?? '';
  const test = useTokenTest(readToken);
  const save = useMutation({
    mutationFn: (fields: { name: string; baseUrl: string }) =>
      addProfile(queryClient, {
        ...fields,
        token: readToken(),
        ...(vaultMissing ? { sessionOnly: true } : {}),
      }),
    onSuccess: async (profile) => {
      // Empties the token field (the keychain holds the token now).
      if (tokenRef.current !== null) tokenRef.current.value = '';
      toast({ title: `Profile “${profile.name}” added: you are using it now`, tone: 'success' });
      setName('');
      setBaseUrl('');
      test.reset();
      setErrors({});
      await navigate({ to: '/p/$profileId', params: { profileId: profile.id } });
    },
    // The token stays in its field: fix what the message says and save again.
  });

  /** Shows the errors and moves the focus to the first invalid field; answers whether the form may go on. */
  const check = (found: AddProfileErrors): boolean => {
    setErrors(found);
    const first = (['name', 'baseUrl', 'token'] as const).find((field) => found[field] !== undefined);
    if (first !== undefined)
      ({ name: nameRef, baseUrl: baseUrlRef, token: tokenRef })[first].current?.focus();
    return Object.keys(found).length === 0;
  };

  const onTest = () => {
    const url = baseUrl.trim();
    if (!check(validateConnection({ baseUrl: url, token: readToken() }))) return;
    test.mutate(url);
  };

  const onSave = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = { name: name.trim(), baseUrl: baseUrl.trim() };
    const found: AddProfileErrors = validateNewProfile({ ...fields, token: readToken() });
    if (vaultMissing && !sessionOnly) {
      found.sessionOnly =
        'The keychain is not available: tick this box to keep the token for this session only.';
    }
    if (!check(found)) return;
    save.mutate(fields);
  };

  return {
    refs: { name: nameRef, baseUrl: baseUrlRef, token: tokenRef },
    name,
    setName,
    baseUrl,
    setBaseUrl,
    sessionOnly,
    setSessionOnly,
    errors,
    vaultMissing,
    result: test.data,
    saveError: save.isError ? errorMessage(save.error) : undefined,
    busy: test.isPending ? ('test' as const) : save.isPending ? ('save' as const) : undefined,
    onTest,
    onSave,
  };
}
