/** A mutation that refetches what it changed: everything cached under each of `queryKeys` once the server took it. */
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

export function useRefreshingMutation<Variables, Result>(
  queryKeys: readonly QueryKey[],
  mutationFn: (variables: Variables) => Promise<Result>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Returned, so the mutation settles once the refetch did: callers see the new list.
    onSuccess: () => Promise.all(queryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
