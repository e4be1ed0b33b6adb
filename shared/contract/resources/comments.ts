/** Comments and replies, on a space or in a change request. */
import { Type, type Static } from '@sinclair/typebox';
import { DateTime, MultilineText, named, StringEnum, User } from '../common.ts';
import { Emoji } from './content.ts';
import { Document, DocumentFormat, JSONDocument } from './revisions.ts';

export const COMMENT_STATUSES = ['open', 'resolved'] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];
/** `status` filter of the comment lists. */
export const COMMENT_STATUS_FILTERS = ['all', 'open', 'resolved'] as const;

/** An emoji reaction by one or several users. */
export const EmojiReaction = Type.Object({
  emoji: Type.String(),
  count: Type.Number(),
  users: Type.Array(Type.Object({ user: User, reactedAt: DateTime })),
});

export const CommentPermissions = Type.Object({
  view: Type.Boolean(),
  edit: Type.Boolean(),
  reply: Type.Optional(Type.Boolean({ description: 'Can the caller react or reply.' })),
  delete: Type.Boolean(),
});

/** Extension: lines of a block a comment is about, counted from the block's first line (0). */
export const BlockLines = Type.Object(
  {
    start: Type.Integer({ minimum: 0, maximum: 100_000 }),
    end: Type.Integer({ minimum: 0, maximum: 100_000 }),
  },
  { additionalProperties: false },
);

export const CommentTarget = Type.Object({
  node: Type.Optional(
    Type.Object({
      id: Type.String({ description: "Key of the block of the page's body." }),
      preview: Type.Optional(Type.String()),
      index: Type.Optional(
        Type.Integer({
          description:
            "Extension: the block's place among the page's blocks in the target's revision; absent once it is gone.",
        }),
      ),
      outdated: Type.Optional(
        Type.Boolean({
          description: 'Extension: the block was edited or removed since the comment was posted.',
        }),
      ),
      lines: Type.Optional(BlockLines),
    }),
  ),
  changeRequest: Type.Optional(
    Type.String({ description: 'The change request holding the comment, if any.' }),
  ),
  review: Type.Optional(Type.String({ description: 'The review holding the comment, if any.' })),
  page: Type.Optional(
    Type.Object({
      id: Type.String(),
      title: Type.Optional(Type.String()),
      emoji: Type.Optional(Type.String()),
      icon: Type.Optional(Type.String()),
      createdAt: Type.Optional(DateTime),
      updatedAt: Type.Optional(DateTime),
      path: Type.Optional(Type.String()),
      outdated: Type.Optional(Type.Boolean()),
    }),
  ),
  space: Type.String({ description: 'The space holding the comment.' }),
  revision: Type.String({ description: 'The revision in which the target is found.' }),
});

export const Comment = named(
  'Comment',
  Type.Object({
    object: Type.Literal('comment'),
    id: Type.String(),
    postedBy: User,
    postedAt: DateTime,
    editedAt: Type.Optional(DateTime),
    reactions: Type.Array(EmojiReaction),
    replies: Type.Number({ description: 'Number of replies.' }),
    body: Document,
    target: CommentTarget,
    urls: Type.Object({ location: Type.String() }),
    permissions: CommentPermissions,
    status: StringEnum(COMMENT_STATUSES),
    resolvedAt: Type.Optional(DateTime),
    resolvedBy: Type.Optional(User),
  }),
);
export type Comment = Static<typeof Comment>;

export const CommentReply = named(
  'CommentReply',
  Type.Object({
    object: Type.Literal('comment-reply'),
    id: Type.String(),
    postedBy: User,
    postedAt: DateTime,
    editedAt: Type.Optional(DateTime),
    reactions: Type.Array(EmojiReaction),
    body: Document,
    urls: Type.Object({ location: Type.String() }),
    permissions: CommentPermissions,
  }),
);
export type CommentReply = Static<typeof CommentReply>;

const NodeOrPageId = Type.String({ minLength: 1, maxLength: 256 });
/** A comment's body: markdown is plain text under the display-text rule (newline and tab allowed). */
export const CommentBodyInput = Type.Union([
  Type.Object({ markdown: MultilineText() }, { additionalProperties: false }),
  Type.Object({ document: JSONDocument }, { additionalProperties: false }),
  Type.Object({}, { additionalProperties: false }),
]);
const Reactions = Type.Array(Emoji, { description: 'Emojis of the reactions.' });

export const PostComment = Type.Object(
  {
    node: Type.Optional(NodeOrPageId),
    page: Type.Optional(NodeOrPageId),
    body: CommentBodyInput,
    /** Extension: lines of the block (`node`) the comment is about. */
    lines: Type.Optional(BlockLines),
  },
  { additionalProperties: false },
);

export const UpdateComment = Type.Object(
  {
    resolved: Type.Optional(Type.Boolean()),
    body: Type.Optional(CommentBodyInput),
    addedReactions: Type.Optional(Reactions),
    removedReactions: Type.Optional(Reactions),
  },
  { additionalProperties: false },
);

export const PostCommentReply = Type.Object({ body: CommentBodyInput }, { additionalProperties: false });

export const UpdateCommentReply = Type.Object(
  {
    body: Type.Optional(CommentBodyInput),
    addedReactions: Type.Optional(Reactions),
    removedReactions: Type.Optional(Reactions),
  },
  { additionalProperties: false },
);

/** Query of the comment lists (page and limit aside). */
export const CommentListFilters = {
  order: Type.Optional(StringEnum(['asc', 'desc'] as const, { default: 'desc' })),
  status: Type.Optional(StringEnum(COMMENT_STATUS_FILTERS, { default: 'all' })),
  format: Type.Optional(DocumentFormat),
  targetPage: Type.Optional(
    Type.String({ minLength: 1, maxLength: 256, description: 'Only comments on this page.' }),
  ),
  authors: Type.Optional(
    Type.Array(Type.String({ minLength: 1, maxLength: 256 }), {
      maxItems: 100,
      description: 'Only comments by these users.',
    }),
  ),
};

/** `format` query parameter of comment reads. */
export const CommentFormatQuery = { format: Type.Optional(DocumentFormat) };
