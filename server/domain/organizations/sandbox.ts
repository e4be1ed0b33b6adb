/**
 * `createOrganization` (extension): an empty organization in the local sandbox, its caller its first admin,
 * for the organization file's rehearsal (a copy of an organization's configuration and people, to apply a plan to
 * first). Only the sandbox's own user may call it: a token the sandbox minted at its start for the desktop app or
 * its command line (labels `sandbox`, `sandbox-cli`; see seed/demo.ts `mintSandboxToken`), never a token issued
 * with `npm run admin -- token`. Bounded: the caller may belong to at most `SANDBOX_ORGANIZATIONS_MAX`
 * organizations. Audited: `organization.created` in the new organization, by the caller.
 */
import { SANDBOX_ORGANIZATIONS_MAX } from '../../../shared/contract/operations/sandbox.ts';
import { badRequest, conflict, forbidden } from '../../errors.ts';
import type { Handlers } from '../../http/context.ts';
import { loadOrgAccessIn } from '../access.ts';
import { createOrganizationIn } from './commands.ts';
import { presentOrganization } from './present.ts';

/** The labels of the tokens the sandbox mints for its own user (server/cli.ts). */
export const SANDBOX_TOKEN_LABELS: readonly string[] = ['sandbox', 'sandbox-cli'];

export const sandboxHandlers = {
  createOrganization: async ({ body, actor, services: { store, clock }, baseUrl }) => {
    const token = await store.first(
      store.q.selectFrom('tokens').select('label').where('hash', '=', actor.tokenHash),
    );
    if (token === undefined || !SANDBOX_TOKEN_LABELS.includes(token.label))
      throw forbidden(
        'only the local sandbox’s own user creates organizations: this token was not minted by the sandbox',
      );
    const title = body.title.trim();
    if (title.length < 2) throw badRequest('body field `title` must have at least 2 non-blank characters');
    // The count is read in the transaction that adds the membership: two creations at once never pass the bound.
    return store.transaction(async (tx) => {
      const count = await tx.first(
        tx.q
          .selectFrom('members')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', actor.userId),
      );
      if (Number(count?.n ?? 0) >= SANDBOX_ORGANIZATIONS_MAX)
        throw conflict(
          `the sandbox’s user belongs to ${SANDBOX_ORGANIZATIONS_MAX} organizations already, the most it may`,
        );
      const org = await createOrganizationIn(tx, clock.now(), { title, ownerId: actor.userId });
      const { actor: orgActor } = await loadOrgAccessIn(tx, org.id, actor.userId);
      return presentOrganization(org, orgActor, baseUrl);
    });
  },
} satisfies Handlers;
