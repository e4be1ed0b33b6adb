/**
 * Running site steps: sites, section groups, sections, variants (site spaces) and share links. A create adopts one
 * of that title (or name, or space) a killed apply made but did not record. Paths the API picks are then set to the
 * file's.
 */
import type { PlanStep, SiteRef } from '../plan/steps.ts';
import { listAll, spaceId, type RunContext } from './context.ts';

type Step<R extends PlanStep['resource']> = Extract<PlanStep, { resource: R }>;

const siteIdOf = (context: RunContext, ref: SiteRef) =>
  'id' in ref
    ? ref.id
    : context.createdId((s) => s.resource === 'site' && s.action === 'create' && s.title === ref.new);
const groupIdOf = (context: RunContext, ref: SiteRef) =>
  'id' in ref
    ? ref.id
    : context.createdId(
        (s) => s.resource === 'site-section-group' && s.action === 'create' && s.key === ref.new,
      );
const sectionIdOf = (context: RunContext, ref: SiteRef) =>
  'id' in ref
    ? ref.id
    : context.createdId((s) => s.resource === 'site-section' && s.action === 'create' && s.key === ref.new);

/** Sets the paths of a site's variants to the file's, by space (the API picks a path when it adds one). */
async function setPaths(
  context: RunContext,
  site: string,
  section: string | undefined,
  variants: { space: string; path: string }[],
) {
  const params = { ...context.org, siteId: site };
  const live = await listAll((query) => context.client.call('listSiteSpaces', { params, query }));
  for (const variant of variants) {
    const found = live.find((s) => s.space?.id === variant.space && s.section === section);
    if (found !== undefined && found.path !== variant.path)
      await context.client.call('updateSiteSpaceById', {
        params: { ...params, siteSpaceId: found.id },
        body: { path: variant.path },
      });
  }
}

export async function runSite(
  context: RunContext,
  index: number,
  step: Step<'site'>,
): Promise<string | undefined> {
  const { client, org, journal } = context;
  if (step.action === 'delete') {
    await client.call('deleteSiteById', { params: { ...org, siteId: step.siteId } });
    return undefined;
  }
  if (step.action === 'update') {
    const params = { ...org, siteId: siteIdOf(context, step.site) };
    const { published, ...changes } = step.changes;
    if (Object.keys(changes).length > 0) await client.call('updateSiteById', { params, body: changes });
    if (published === true) await client.call('publishSite', { params });
    if (published === false) await client.call('unpublishSite', { params });
    return undefined;
  }
  let id = journal.get(index)?.id;
  let note: string | undefined;
  const spaces = step.variants.map((variant) => ({
    space: spaceId(context, variant.space),
    path: variant.path,
  }));
  if (id === undefined) {
    const existing = (
      await client.call('listSites', { params: org, query: { limit: 1000, title: step.title } })
    ).items.find((site) => site.title === step.title);
    id =
      existing?.id ??
      (
        await client.call('createSite', {
          params: org,
          body: { title: step.title, visibility: step.visibility, spaces: spaces.map((s) => s.space) },
        })
      ).id;
    if (existing !== undefined) note = 'a site of that title existed: adopted';
    await journal.set(index, { state: 'created', id });
  }
  await setPaths(context, id, undefined, spaces);
  return note;
}

export async function runSiteStructure(
  context: RunContext,
  index: number,
  step: Step<'site-section-group' | 'site-section' | 'site-variant' | 'share-link'>,
): Promise<string | undefined> {
  const { client, org, journal } = context;
  const params = { ...org, siteId: siteIdOf(context, step.site) };
  switch (step.resource) {
    case 'site-section-group': {
      if (step.action === 'create') {
        const existing = (
          await listAll((query) => client.call('listSiteSectionGroups', { params, query }))
        ).find((group) => group.title === step.title);
        const id =
          existing?.id ??
          (
            await client.call('addSectionGroupToSite', {
              params,
              body: {
                title: step.title,
                ...(step.icon !== undefined ? { icon: step.icon } : {}),
                ...(step.sections.length > 0
                  ? { sections: step.sections.map((section) => sectionIdOf(context, section)) }
                  : {}),
              },
            })
          ).id;
        await journal.set(index, { state: 'created', id });
        return existing !== undefined ? 'a group of that title existed: adopted' : undefined;
      }
      const group = { ...params, siteSectionGroupId: step.groupId };
      if (step.action === 'update')
        await client.call('updateSiteSectionGroupById', { params: group, body: step.changes });
      else await client.call('deleteSiteSectionGroupById', { params: group });
      return undefined;
    }
    case 'site-section': {
      if (step.action === 'delete') {
        await client.call('deleteSiteSectionById', { params: { ...params, siteSectionId: step.sectionId } });
        return undefined;
      }
      if (step.action === 'update') {
        const section = { ...params, siteSectionId: step.sectionId };
        if (Object.keys(step.changes).length > 0)
          await client.call('updateSiteSectionById', { params: section, body: step.changes });
        if (step.group?.from !== undefined)
          await client.call('removeSectionFromGroup', {
            params: { ...params, siteSectionGroupId: step.group.from, siteSectionId: step.sectionId },
          });
        if (step.group?.to !== undefined)
          await client.call('addSectionToGroup', {
            params: { ...params, siteSectionGroupId: groupIdOf(context, step.group.to) },
            body: { sectionId: step.sectionId },
          });
        return undefined;
      }
      if (step.first === undefined) throw new Error('a section is made with its first space');
      const first = { space: spaceId(context, step.first.space), path: step.first.path };
      let id = journal.get(index)?.id;
      let note: string | undefined;
      if (id === undefined) {
        const existing = (await listAll((query) => client.call('listSiteSections', { params, query }))).find(
          (section) => section.title === step.title,
        );
        id =
          existing?.id ??
          (
            await client.call('addSectionToSite', {
              params,
              body: { spaceId: first.space, title: step.title },
            })
          ).id;
        if (existing !== undefined) note = 'a section of that title existed: adopted';
        await journal.set(index, { state: 'created', id });
      }
      await client.call('updateSiteSectionById', {
        params: { ...params, siteSectionId: id },
        body: {
          path: step.path,
          ...(step.description !== undefined ? { description: step.description } : {}),
          ...(step.icon !== undefined ? { icon: step.icon } : {}),
        },
      });
      if (step.group !== undefined)
        await client.call('addSectionToGroup', {
          params: { ...params, siteSectionGroupId: groupIdOf(context, step.group) },
          body: { sectionId: id },
        });
      await setPaths(context, params.siteId, id, [first]);
      return note;
    }
    case 'site-variant': {
      if (step.action === 'delete') {
        await client.call('deleteSiteSpaceById', { params: { ...params, siteSpaceId: step.siteSpaceId } });
        return undefined;
      }
      if (step.action === 'update') {
        await client.call('updateSiteSpaceById', {
          params: { ...params, siteSpaceId: step.siteSpaceId },
          body: {
            ...(step.changes.path !== undefined ? { path: step.changes.path } : {}),
            ...(step.changes.space !== undefined ? { spaceId: spaceId(context, step.changes.space) } : {}),
          },
        });
        return undefined;
      }
      const section = step.section !== undefined ? sectionIdOf(context, step.section) : undefined;
      const space = spaceId(context, step.variant.space);
      const existing = (await listAll((query) => client.call('listSiteSpaces', { params, query }))).find(
        (s) => s.space?.id === space && s.section === section,
      );
      if (existing === undefined)
        await client.call('addSpaceToSite', {
          params,
          body: { spaceId: space, ...(section !== undefined ? { sectionId: section } : {}) },
        });
      await setPaths(context, params.siteId, section, [{ space, path: step.variant.path }]);
      return existing !== undefined ? 'that space was published there: adopted' : undefined;
    }
    case 'share-link': {
      if (step.action === 'create') {
        const existing = (
          await listAll((query) => client.call('listSiteShareLinks', { params, query }))
        ).find((link) => link.name === step.name);
        const id =
          existing?.id ??
          (await client.call('createSiteShareLink', { params, body: { name: step.name } })).id;
        if (!step.active)
          await client.call('updateSiteShareLinkById', {
            params: { ...params, shareLinkId: id },
            body: { active: false },
          });
        return existing !== undefined ? 'a share link of that name existed: adopted' : undefined;
      }
      const link = { ...params, shareLinkId: step.shareLinkId };
      if (step.action === 'update')
        await client.call('updateSiteShareLinkById', { params: link, body: step.changes });
      else await client.call('deleteSiteShareLinkById', { params: link });
      return undefined;
    }
  }
}
