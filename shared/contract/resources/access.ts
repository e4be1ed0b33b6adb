/**
 * "Inspect access" (an extension: GitBook has no such operation): what a member or a team reaches, at which level,
 * and the path of reasons that decides it. `shared/access/explain.ts` computes the path; its types are these
 * schemas' static types, so the shapes are declared once.
 */
import { Type, type Static } from '@sinclair/typebox';
import { ACCESS_ITEM_TYPES, Id, named, RoleOrGuest, RoleSchema, StringEnum } from '../common.ts';

export { ACCESS_ITEM_TYPES, type AccessItemType } from '../constants.ts';

export const AccessItemRef = named(
  'AccessItemRef',
  Type.Object({
    type: StringEnum(ACCESS_ITEM_TYPES),
    id: Id,
    title: Type.String({ description: 'The title the item has now.' }),
  }),
);
export type AccessItemRef = Static<typeof AccessItemRef>;

/** Where a grant comes from: the person themselves, or one of their teams. */
export const AccessGrantSource = named(
  'AccessGrantSource',
  Type.Union([
    Type.Object({ via: Type.Literal('user') }),
    Type.Object({ via: Type.Literal('team'), teamId: Id, teamTitle: Type.String() }),
  ]),
);
export type AccessGrantSource = Static<typeof AccessGrantSource>;

/**
 * One step of the path that decides a level, in the order the resolution takes them. The branches are listed most
 * frequent first (inherits, organization role, grant): a response's serializer tries them in this order.
 */
export const AccessReason = named(
  'AccessReason',
  Type.Union([
    Type.Object({ kind: Type.Literal('inherits'), on: AccessItemRef, from: AccessItemRef }),
    Type.Object({ kind: Type.Literal('organization-role'), role: RoleOrGuest }),
    Type.Object({
      kind: Type.Literal('grant'),
      on: AccessItemRef,
      role: RoleSchema,
      source: AccessGrantSource,
    }),
    Type.Object({ kind: Type.Literal('default-no-access'), on: AccessItemRef }),
    Type.Object({
      kind: Type.Literal('default-restricts'),
      on: AccessItemRef,
      defaultLevel: RoleSchema,
      role: RoleOrGuest,
    }),
    Type.Object({
      kind: Type.Literal('site-grant'),
      on: AccessItemRef,
      site: AccessItemRef,
      role: RoleSchema,
      source: AccessGrantSource,
    }),
    Type.Object({ kind: Type.Literal('organization-admin') }),
  ]),
);
export type AccessReason = Static<typeof AccessReason>;

/** One item as the member or team reaches it (`level` null: no access), with the path from the item outwards. */
export const AccessEntry = named(
  'AccessEntry',
  Type.Object({
    object: Type.Literal('access-entry'),
    item: AccessItemRef,
    level: RoleOrGuest,
    path: Type.Array(AccessReason),
  }),
);
export type AccessEntry = Static<typeof AccessEntry>;

/** Most items one page examines (the work of one request is bounded by it, whatever the organization's size). */
export const ACCESS_PAGE_MAX = 2000;
export const ACCESS_PAGE_DEFAULT = 1000;

/**
 * A page of what a member or a team reaches. A page examines up to `limit` items of the organization (collections,
 * then spaces, then sites) and lists those reached, so it may hold fewer than `limit` items, or none, and still
 * have a `next`. `examined` and `total` (the organization's items of the requested types) measure the progress.
 */
export const AccessList = named(
  'AccessList',
  Type.Object({
    items: Type.Array(AccessEntry),
    examined: Type.Integer({ description: 'Items examined up to the end of this page.' }),
    total: Type.Integer({ description: 'Items of the requested types in the organization.' }),
    next: Type.Optional(Type.Object({ page: Type.String() })),
  }),
);
export type AccessList = Static<typeof AccessList>;
