/**
 * The shared explanation of access (`shared/access/explain.ts`, what the screens show) against the server's own
 * resolution (`effectiveLevel`, composed as `collections/levels.ts` composes it): the same level in every
 * combination of organization role, a space's default and grants, a site's grants, and its parent collections'
 * defaults and grants; and a path that ends with what decided.
 */
import { describe, expect, it } from 'vitest';
import {
  explainContentAccess,
  explainSiteAccess,
  type ChainItem,
  type ItemGrant,
  type Level,
} from '../../../shared/access/explain.ts';
import { ROLES, type Role } from '../../../shared/contract/index.ts';
import { effectiveLevel, roleRank, siteLevel } from '../../policies/index.ts';

const ORG_ROLES: readonly Level[] = [null, ...ROLES];
const DEFAULTS: readonly (string | null)[] = [null, 'inherit', 'read', 'edit', 'admin'];
const team = (role: Role, title = 'T'): ItemGrant => ({
  role,
  source: { via: 'team', teamId: title, teamTitle: title },
});
const user = (role: Role): ItemGrant => ({ role, source: { via: 'user' } });
/** Grants on one item: none, a team's, two teams', the person's own below a team's. */
const GRANT_SETS: readonly (readonly ItemGrant[])[] = [
  [],
  [team('comment')],
  [team('read', 'A'), team('edit', 'B')],
  [team('admin'), user('read')],
];

/** The server's rule for one item's grants: the person's own, else the teams' highest. */
function serverGrant(grants: readonly ItemGrant[]): Role | undefined {
  const own = grants.find((g) => g.source.via === 'user');
  if (own !== undefined) return own.role;
  let best: Role | undefined;
  for (const g of grants) if (best === undefined || roleRank(g.role) > roleRank(best)) best = g.role;
  return best;
}

/** The server's composition (ContentLevels.resolve): the item, then its parents; sites for the space only. */
function serverLevel(
  role: Level,
  chain: readonly ChainItem[],
  siteGrants: readonly (readonly ItemGrant[])[],
  at = 0,
): Level {
  const item = chain[at]!;
  return effectiveLevel({
    role,
    defaultLevel: item.defaultLevel,
    grant: serverGrant(item.grants),
    site:
      at === 0 && item.type === 'space'
        ? () => {
            let best: Role | undefined;
            for (const grants of siteGrants) {
              const g = serverGrant(grants);
              if (g !== undefined && roleRank(g) > roleRank(best ?? null)) best = g;
            }
            return best;
          }
        : undefined,
    inherited: () => (at + 1 < chain.length ? serverLevel(role, chain, siteGrants, at + 1) : role),
  });
}

describe('the explanation of access agrees with the server', () => {
  it('on a space in two collections, published by two sites, in every combination', () => {
    let combinations = 0;
    for (const role of ORG_ROLES)
      for (const spaceDefault of DEFAULTS)
        for (const spaceGrants of GRANT_SETS)
          for (const siteA of GRANT_SETS.slice(0, 3))
            for (const siteB of [[], [user('review')]] as const)
              for (const parentDefault of DEFAULTS)
                for (const parentGrants of GRANT_SETS.slice(0, 2))
                  for (const topDefault of ['inherit', null, 'read'] as const) {
                    const chain: ChainItem[] = [
                      { type: 'space', id: 's', title: 'S', defaultLevel: spaceDefault, grants: spaceGrants },
                      {
                        type: 'collection',
                        id: 'p',
                        title: 'P',
                        defaultLevel: parentDefault,
                        grants: parentGrants,
                      },
                      { type: 'collection', id: 't', title: 'T', defaultLevel: topDefault, grants: [] },
                    ];
                    const sites = [
                      { type: 'site' as const, id: 'a', title: 'A', grants: siteA },
                      { type: 'site' as const, id: 'b', title: 'B', grants: siteB },
                    ];
                    const explained = explainContentAccess({ role, chain, sites });
                    const expected = serverLevel(role, chain, [siteA, siteB]);
                    if (explained.level !== expected)
                      expect({
                        role,
                        spaceDefault,
                        spaceGrants,
                        siteA,
                        siteB,
                        parentDefault,
                        parentGrants,
                        topDefault,
                        level: explained.level,
                      }).toEqual({ level: expected });
                    expect(explained.path.length).toBeGreaterThan(0);
                    combinations++;
                  }
    expect(combinations).toBe(7 * 5 * 4 * 3 * 2 * 5 * 2 * 3);
  });

  it('names what decided: a team grant, a site, an inherited default, the organization role', () => {
    const space = (defaultLevel: string | null, grants: ItemGrant[] = []): ChainItem => ({
      type: 'space',
      id: 's',
      title: 'Guide',
      defaultLevel,
      grants,
    });
    const parent: ChainItem = {
      type: 'collection',
      id: 'c',
      title: 'Docs',
      defaultLevel: 'comment',
      grants: [],
    };
    expect(
      explainContentAccess({ role: 'read', chain: [space('inherit', [team('edit', 'Writers')]), parent] })
        .path,
    ).toEqual([
      {
        kind: 'grant',
        on: { type: 'space', id: 's', title: 'Guide' },
        role: 'edit',
        source: { via: 'team', teamId: 'Writers', teamTitle: 'Writers' },
      },
    ]);
    const viaSite = explainContentAccess({
      role: 'read',
      chain: [space('inherit'), parent],
      sites: [{ type: 'site', id: 'w', title: 'Web', grants: [user('review')] }],
    });
    expect(viaSite).toMatchObject({
      level: 'review',
      path: [{ kind: 'site-grant', site: { title: 'Web' }, role: 'review' }],
    });
    expect(explainContentAccess({ role: 'edit', chain: [space('inherit'), parent] })).toMatchObject({
      level: 'comment',
      path: [
        { kind: 'inherits', from: { title: 'Docs' } },
        { kind: 'default-restricts', defaultLevel: 'comment', role: 'edit' },
      ],
    });
    expect(explainContentAccess({ role: null, chain: [space('inherit')] })).toEqual({
      level: null,
      path: [{ kind: 'organization-role', role: null }],
    });
  });

  it('on a site: admins are admin, else a grant wins over the organization role', () => {
    for (const role of ORG_ROLES)
      for (const grants of GRANT_SETS) {
        const site = { type: 'site' as const, id: 'w', title: 'Web', grants };
        expect(explainSiteAccess({ role, site }).level).toBe(siteLevel(role, serverGrant(grants)));
      }
  });
});
