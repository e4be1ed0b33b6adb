/**
 * Where the images of a request's rendered diff load from. Markdown names a revision file by its path
 * (`.gitbook/assets/logo.png`); the page's own address would break it. The files of both sides are read from the
 * API: a hosted API's files load from their https `downloadURL` (the window's CSP allows https images); the local
 * sandbox serves loopback http, so its images come through the bridge as `data:` URLs. Links to https images load
 * as they are; anything else shows its alternative text.
 */
import { useQueries, useQuery } from '@tanstack/react-query';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { ChangeRequest } from '../../../../../shared/contract/resources/changeRequests.ts';
import type { File } from '../../../../../shared/contract/resources/revisions.ts';
import { bridgeValue } from '../../../bridge/api.ts';
import { LOCAL_PROFILE_ID } from '../../../layout/pickProfile.ts';
import { mergeBaseOf } from '../../../queries/changeRequests.ts';
import { revisionFilesQuery } from '../../../queries/revisions.ts';
import type { ImageSource } from '../../../ui/Markdown.tsx';

/** At most this many sandbox images are read per request. */
const MAX_IMAGES = 40;

const ImagesContext = createContext<ImageSource | undefined>(undefined);

/** The image resolution of the request on screen (undefined outside a request). */
export function useDiffImages(): ImageSource | undefined {
  return useContext(ImagesContext);
}

function nameOf(href: string): string {
  const last = href.split(/[?#]/)[0]!.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** Provides the image resolution of `request` to the diffs below. */
export function DiffImagesProvider(props: {
  profileId: string;
  spaceId: string;
  request: ChangeRequest;
  children: ReactNode;
}) {
  const { profileId, spaceId, request } = props;
  const head = useQuery(revisionFilesQuery(profileId, spaceId, request.revision));
  const base = useQuery(revisionFilesQuery(profileId, spaceId, mergeBaseOf(request)));
  const files = useMemo(() => {
    const byName = new Map<string, File>();
    for (const file of [...(head.data ?? []), ...(base.data ?? [])])
      if (/^image\//.test(file.contentType) && !byName.has(file.name)) byName.set(file.name, file);
    return byName;
  }, [head.data, base.data]);
  const local = profileId === LOCAL_PROFILE_ID;
  const wanted = local ? [...files.values()].slice(0, MAX_IMAGES) : [];
  const read = useQueries({
    queries: wanted.map((file) => ({
      queryKey: ['sandbox-image', file.downloadURL] as const,
      queryFn: async () => (await bridgeValue('files.image', { url: file.downloadURL })).dataUrl,
      staleTime: Infinity,
      retry: false,
    })),
  });
  const loaded = read.filter((query) => query.isSuccess).length;
  const byUrl = new Map(wanted.map((file, index) => [file.downloadURL, read[index]?.data]));
  // `key` changes whenever what `source` answers may change: rendered blocks are cached by it.
  const sources: ImageSource = {
    key: `${request.revision}:${files.size}:${loaded}`,
    source: (href) => {
      if (/^(?:https:|data:image\/)/i.test(href)) return href;
      const file = files.get(nameOf(href));
      if (file === undefined) return undefined;
      if (local) return byUrl.get(file.downloadURL);
      return /^https:/i.test(file.downloadURL) ? file.downloadURL : undefined;
    },
  };
  return <ImagesContext.Provider value={sources}>{props.children}</ImagesContext.Provider>;
}
