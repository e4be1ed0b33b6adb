/**
 * "Test connection" with a token pasted in a field, as a mutation whose data is the result. The token is read from
 * the field at the moment of the call and is never a variable of the mutation: the mutation cache keeps variables,
 * and the token must live nowhere (see `queries/profiles.ts`). A call that fails is a failed result too.
 */
import { useMutation } from '@tanstack/react-query';
import type { ConnectionTest } from '../../../../shared/bridge.ts';
import { errorMessage, errorStatus } from '../../bridge/errors.ts';
import { testConnection } from '../../queries/profiles.ts';

/** Tests the base URL it is given with the token `readToken` answers at that moment. */
export function useTokenTest(readToken: () => string) {
  return useMutation({
    mutationFn: async (baseUrl: string): Promise<ConnectionTest> => {
      try {
        return await testConnection({ baseUrl, token: readToken() });
      } catch (error) {
        return { ok: false, status: errorStatus(error) ?? 0, message: errorMessage(error) };
      }
    },
  });
}
