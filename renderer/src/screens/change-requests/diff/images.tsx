/**
 * Where the images of a request's rendered diff load from. Markdown names a revision file by its path
 * (`.gitbook/assets/logo.png`); the page's own address would break it. The files of both sides are read from the
 * API: a hosted API's files load from their https `downloadURL` (the window's CSP allows https images); the local
 * sandbox serves loopback http, so its images come through the bridge as `data:` URLs. Links to https images load
 * as they are; anything else shows its alternative text.
 *
 * The files are read only once a block on screen shows an image (`useDiffImages`): a revision's read carries its
 * whole page tree (about 650 KB for 1,000 pages), which a review without images must not wait behind.
 */
import { useQueries, useQuery } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ChangeRequest } from '../../../../../shared/contract/resources/changeRequests.ts';
import type { File } from '../../../../../shared/contract/resources/revisions.ts';
import { bridgeValue } from '../../../bridge/api.ts';
import { LOCAL_PROFILE_ID } from '../../../layout/pickProfile.ts';
import { mergeBaseOf } from '../../../queries/changeRequests.ts';
import { keys } from '../../../queries/keys.ts';
import { revisionFilesQuery } from '../../../queries/revisions.ts';
import type { ImageSource } from '../../../ui/Markdown.tsx';

/** At most this many sandbox images are read per request. */
const MAX_IMAGES = 40;

/** What the provider gives the blocks: how images resolve, and the call that starts reading the files. */
interface DiffImages {
  images: ImageSource;
  want: () => void;
}

const ImagesContext = createContext<DiffImages | undefined>(undefined);

/** Markdown that shows an image (`![alt](…)`, `![alt][ref]` or an `<img>` tag). */
const SHOWS_IMAGE = /!\[|<img\b/i;

/**
 * The image resolution of the request on screen for a block of `markdown` (undefined outside a request); a block
 * that shows an image has the request's files read.
 */
export function useDiffImages(markdown: string): ImageSource | undefined {
  const context = useContext(ImagesContext);
  const showsImage = SHOWS_IMAGE.test(markdown);
  const want = context?.want;
  useEffect(() => {
    if (showsImage) want?.();
  }, [showsImage, want]);
  return context?.images;
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
  const [wanted, setWanted] = useState(false);
  const want = useCallback(() => setWanted(true), []);
  const head = useQuery({ ...revisionFilesQuery(profileId, spaceId, request.revision), enabled: wanted });
  const base = useQuery({ ...revisionFilesQuery(profileId, spaceId, mergeBaseOf(request)), enabled: wanted });
  const files = useMemo(() => {
    const byName = new Map<string, File>();
    for (const file of [...(head.data ?? []), ...(base.data ?? [])])
      if (/^image\//.test(file.contentType) && !byName.has(file.name)) byName.set(file.name, file);
    return byName;
  }, [head.data, base.data]);
  const local = profileId === LOCAL_PROFILE_ID;
  const images = local ? [...files.values()].slice(0, MAX_IMAGES) : [];
  const read = useQueries({
    queries: images.map((file) => ({
      queryKey: keys.derived(keys.profile(profileId), 'sandboxImage', { url: file.downloadURL }),
      queryFn: async () => (await bridgeValue('files.image', { url: file.downloadURL })).dataUrl,
      staleTime: Infinity,
      retry: false,
    })),
  });
  const loaded = read.filter((query) => query.isSuccess).length;
  const byUrl = new Map(images.map((file, index) => [file.downloadURL, read[index]?.data]));
  // `key` changes whenever what `source` answers may change: rendered blocks are cached by it.
  const value: DiffImages = {
    images: {
      key: `${request.revision}:${files.size}:${loaded}`,
      source: (href) => {
        if (/^(?:https:|data:image\/)/i.test(href)) return href;
        const file = files.get(nameOf(href));
        if (file === undefined) return undefined;
        if (local) return byUrl.get(file.downloadURL);
        return /^https:/i.test(file.downloadURL) ? file.downloadURL : undefined;
      },
    },
    want,
  };
  return <ImagesContext.Provider value={value}>{props.children}</ImagesContext.Provider>;
}
