/**
 * The blocks of a page of a revision with their stable keys (extension): what a block comment's `node` names. Reading
 * needs `view` on the space; a revision of another space, or a page it lacks, answers 404. A page without a body has
 * no blocks.
 */
import type { Handlers } from '../../http/context.ts';
import { keyedBlocksIn } from '../content/block-keys.ts';
import { readDocumentIn } from '../content/revisions.ts';
import { pageOf, readableRevision } from './content-handlers.ts';

export const blockHandlers = {
  listPageBlocksInRevision: async ({ params, actor, baseUrl, services: { store } }) => {
    const { revision } = await readableRevision(store, params, actor, baseUrl);
    const { page } = pageOf(revision, params.pageId, `revision \`${revision.id}\``);
    const blocks = await keyedBlocksIn(store, page.id, page.documentId, () =>
      readDocumentIn(store, page.documentId),
    );
    return {
      object: 'page-blocks' as const,
      page: page.id,
      revision: revision.id,
      blocks: blocks.map(({ key, type, hash, line, lines }) => ({ key, type, hash, line, lines })),
    };
  },
} satisfies Handlers;
