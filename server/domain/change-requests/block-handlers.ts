/**
 * The blocks of a page of a revision with their stable keys (extension): what a block comment's `node` names. Reading
 * needs `view` on the space; a revision of another space, or a page it lacks, answers 404. A page without a body has
 * no blocks.
 */
import type { Handlers } from '../../http/context.ts';
import { keyedBlocks } from '../content/block-keys.ts';
import { readDocument } from '../content/revisions.ts';
import { pageOf, readableRevision } from './content-handlers.ts';

export const blockHandlers = {
  listPageBlocksInRevision: ({ params, actor, baseUrl, services: { db } }) => {
    const { revision } = readableRevision(db, params, actor, baseUrl);
    const { page } = pageOf(revision, params.pageId, `revision \`${revision.id}\``);
    const blocks = keyedBlocks(db, page.id, page.documentId, () => readDocument(db, page.documentId));
    return {
      object: 'page-blocks' as const,
      page: page.id,
      revision: revision.id,
      blocks: blocks.map(({ key, type, hash, line, lines }) => ({ key, type, hash, line, lines })),
    };
  },
} satisfies Handlers;
