/**
 * The space screen's breadcrumb: the organization (a link to the content tree), the collections the space sits in
 * (each a button that opens its settings beside the space, as the content tree's panel does) and the space itself.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { collectionPathQuery } from '../../queries/collections.ts';
import { orgQuery } from '../../queries/orgs.ts';

/** The breadcrumb of a space; `parent` is its collection, `title` undefined while the space loads. */
export function SpaceBreadcrumb({
  profileId,
  orgId,
  parent,
  title,
  collectionId,
  onCollection,
}: {
  profileId: string;
  orgId: string;
  parent: string | undefined;
  title: string | undefined;
  /** The collection whose settings are open beside the space. */
  collectionId: string | undefined;
  onCollection: (collectionId: string) => void;
}) {
  const org = useQuery(orgQuery(profileId, orgId));
  const path = useQuery(collectionPathQuery(profileId, parent));
  return (
    <nav aria-label="Breadcrumb" className="breadcrumb">
      <ol>
        <li>
          <Link to="/p/$profileId/orgs/$orgId/content" params={{ profileId, orgId }}>
            {org.data?.title ?? 'Organization'}
          </Link>
        </li>
        {(path.data ?? []).map((collection) => (
          <li key={collection.id}>
            <button
              type="button"
              className="breadcrumb-button"
              onClick={() => onCollection(collection.id)}
              aria-expanded={collectionId === collection.id}
              title="Show the collection's settings"
              data-testid="breadcrumb-collection"
            >
              {collection.title === '' ? 'Untitled' : collection.title}
            </button>
          </li>
        ))}
        <li aria-current="page">{title ?? '…'}</li>
      </ol>
    </nav>
  );
}
