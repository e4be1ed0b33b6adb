/** Organization search results. */
import { Type } from '@sinclair/typebox';
import { named } from '../common.ts';

export const SearchSection = Type.Object({
  id: Type.String(),
  title: Type.String(),
  path: Type.String(),
  body: Type.String(),
  urls: Type.Object({ app: Type.String() }),
});

export const SearchPageResult = named(
  'SearchPageResult',
  Type.Object({
    id: Type.String(),
    title: Type.String(),
    path: Type.String(),
    sections: Type.Optional(Type.Array(SearchSection)),
    urls: Type.Object({ app: Type.String() }),
  }),
);

export const SearchSpaceResult = named(
  'SearchSpaceResult',
  Type.Object({
    id: Type.String(),
    title: Type.String(),
    pages: Type.Array(SearchPageResult),
  }),
);
