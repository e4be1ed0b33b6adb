/**
 * The state of the share links section: the list, the name of a new link, and the writes as mutations (create,
 * turn on or off, rename, delete), each told with a toast or kept beside the field it came from.
 */
import { useMutation, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import { Value } from '@sinclair/typebox/value';
import { useState, type FormEvent } from 'react';
import { displayTextMessage } from '../../../../shared/contract/display-text.ts';
import { ShareLinkName, type ShareLink, type Site } from '../../../../shared/contract/resources/sites.ts';
import { errorMessage } from '../../bridge/errors.ts';
import { shareLinkActions, shareLinksQuery } from '../../queries/sites.ts';
import { toast } from '../../ui/Toast.tsx';
import { copyText } from '../../ui/copy/copy.ts';
import { label } from './ShareLinkRow.tsx';

export const NAME_MAX = ShareLinkName.maxLength ?? 50;

/** A share link name's problem, if any. */
function nameProblem(name: string): string | undefined {
  if (name === '') return 'Name the link, e.g. after who receives it.';
  if (!Value.Check(ShareLinkName, name))
    return (
      displayTextMessage('The name', ShareLinkName, name) ?? `A name can have at most ${NAME_MAX} characters.`
    );
  return undefined;
}

/** The variables of turning a link on or off. */
interface ActiveChange {
  link: ShareLink;
  active: boolean;
}

/** The share links of `site`, and what the section does with them. */
export function useShareLinks(profileId: string, orgId: string, site: Site) {
  const queryClient = useQueryClient();
  const links = useQuery(shareLinksQuery(profileId, orgId, site.id));
  const actions = shareLinkActions(queryClient, profileId, orgId, site.id);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [deleting, setDeleting] = useState<ShareLink | undefined>();
  const [fallback, setFallback] = useState<string | undefined>();

  const create = useMutation({
    mutationFn: (trimmed: string) => actions.create(trimmed),
    onSuccess: (link, trimmed) => {
      setName('');
      toast({ title: `Share link “${link.name ?? trimmed}” created`, tone: 'success' });
    },
    onError: (failure) => setNameError(errorMessage(failure)),
  });
  const onCreate = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    const problem = nameProblem(trimmed);
    setNameError(problem);
    if (problem !== undefined) return;
    create.mutate(trimmed);
  };

  // Several links can be switched at once: each is busy while its own change is in flight.
  const activeKey = ['updateSiteShareLinkById', 'active', profileId, orgId, site.id];
  const setActive = useMutation({
    mutationKey: activeKey,
    mutationFn: ({ link, active }: ActiveChange) => actions.update(link.id, { active }),
    onSuccess: (_link, { link, active }) =>
      toast({
        title: active ? `“${label(link)}” works again` : `“${label(link)}” is turned off`,
        tone: 'success',
      }),
    onError: (failure) =>
      toast({ title: 'The link was not changed', description: errorMessage(failure), tone: 'error' }),
  });
  const busyIds = useMutationState({
    filters: { mutationKey: activeKey, status: 'pending' },
    select: (mutation) => (mutation.state.variables as ActiveChange | undefined)?.link.id,
  });

  const onRename = async (link: ShareLink, next: string): Promise<string | undefined> => {
    const problem = nameProblem(next);
    if (problem !== undefined) return problem;
    try {
      await actions.update(link.id, { name: next });
      toast({ title: `Share link renamed “${next}”`, tone: 'success' });
      return undefined;
    } catch (failure) {
      return errorMessage(failure);
    }
  };

  const onCopy = async (url: string) => {
    setFallback(undefined);
    if (await copyText(url)) toast({ title: 'Share link address copied', tone: 'success' });
    else setFallback(url);
  };

  const remove = useMutation({
    mutationFn: (link: ShareLink) => actions.remove(link.id),
    onSuccess: (_nothing, link) => toast({ title: `Share link “${label(link)}” deleted`, tone: 'success' }),
    onError: (failure) =>
      toast({ title: 'The link was not deleted', description: errorMessage(failure), tone: 'error' }),
    onSettled: () => setDeleting(undefined),
  });

  return {
    links,
    name,
    setName,
    nameError,
    setNameError,
    creating: create.isPending,
    onCreate,
    isBusy: (linkId: string) => busyIds.includes(linkId),
    onActive: (link: ShareLink, active: boolean) => setActive.mutate({ link, active }),
    onRename,
    onCopy,
    fallback,
    setFallback,
    deleting,
    setDeleting,
    deletePending: remove.isPending,
    onDelete: () => {
      if (deleting !== undefined) remove.mutate(deleting);
    },
  };
}
