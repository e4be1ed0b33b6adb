/** The "New site" dialog's body, checked against the contract's `CreateSite`, and the sites list's filters. */
import type { Static } from '@sinclair/typebox';
import { ValueErrorType } from '@sinclair/typebox/errors';
import { Value } from '@sinclair/typebox/value';
import { displayTextMessage } from '../../../../shared/contract/display-text.ts';
import { CreateSite, type Site } from '../../../../shared/contract/resources/sites.ts';
import type { SiteFilters } from '../../queries/sites.ts';

/** Where a new site's content comes from: spaces picked from the organization, or a new empty space. */
export type NewSiteSource = 'choose' | 'empty';

/** What the dialog holds. */
export interface NewSiteValues {
  title: string;
  visibility: Site['visibility'];
  source: NewSiteSource;
  /** The ids of the chosen spaces, in the order they were picked (the first becomes the default). */
  spaces: string[];
}

/** The body to send, or the message of what is wrong (naming the field). */
export function newSiteBody(
  values: NewSiteValues,
): { ok: true; body: Static<typeof CreateSite> } | { ok: false; field: 'title' | 'spaces'; message: string } {
  const title = values.title.trim();
  const body: Static<typeof CreateSite> = { title, visibility: values.visibility };
  if (values.source === 'empty') body.spaces = 'empty';
  else if (values.spaces.length > 0) body.spaces = values.spaces;
  const error = Value.Errors(CreateSite, body).First();
  if (error === undefined) return { ok: true, body };
  if (error.path.startsWith('/spaces'))
    return { ok: false, field: 'spaces', message: 'At most 1000 spaces can be added at once.' };
  const refused = displayTextMessage('Title', error.schema, error.value);
  if (refused !== undefined) return { ok: false, field: 'title', message: refused };
  if (error.type === ValueErrorType.StringMaxLength)
    return {
      ok: false,
      field: 'title',
      message: `Title can have at most ${String(error.schema['maxLength'])} characters.`,
    };
  return {
    ok: false,
    field: 'title',
    message: `Title needs at least ${String(error.schema['minLength'] ?? 2)} characters.`,
  };
}

/** The sites list's filters as the screen holds them. */
export interface FilterValues {
  title: string;
  published: 'all' | 'yes' | 'no';
  space: string;
}

/** The query parameters of `listSites` for the filters (empty ones left out). */
export function filtersOf(values: FilterValues): SiteFilters {
  const filters: SiteFilters = {};
  const title = values.title.trim().slice(0, 128);
  if (title !== '') filters.title = title;
  if (values.published !== 'all') filters.published = values.published === 'yes';
  if (values.space !== '') filters.space = values.space;
  return filters;
}
