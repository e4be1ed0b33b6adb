/** Pieces of the organization file's schema that its parts share: references, emails, grants. */
import { Type, type TSchema } from '@sinclair/typebox';
import { TeamTitle } from '../contract/resources/members.ts';

/** A reference to what exists: an id of the API, kept by export and never needed to write a new item. */
export const Ref = (what: string) =>
  Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 256,
      description: `The ${what}'s id in the API, as exported: it makes a rename a rename. Leave it out for a new one.`,
    }),
  );

export const Email = Type.String({ minLength: 3, maxLength: 256, pattern: '^[^@\\s]+@[^@\\s]+$' });

/**
 * Grants on one item: people by email and teams by title, each with the role given. Absent or empty, nobody was
 * given a role on the item (in a version 2 file: the plan takes back grants the file does not hold).
 */
export const access = <R extends TSchema>(role: R) =>
  Type.Object(
    {
      users: Type.Optional(
        Type.Array(
          Type.Object(
            { email: { ...Email, description: 'A member, by email address.' }, role },
            { additionalProperties: false },
          ),
          { maxItems: 100_000 },
        ),
      ),
      teams: Type.Optional(
        Type.Array(Type.Object({ title: TeamTitle, role }, { additionalProperties: false }), {
          maxItems: 10_000,
        }),
      ),
    },
    { additionalProperties: false },
  );
