/** The settings of a space or a collection, shown the same in the detail panel and on the space screen. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { Collection, Space } from '../../../../shared/contract/resources/content.ts';
import { errorMessage } from '../../bridge/errors.ts';
import { collectionQuery, collectionSpaceCountQuery, updateCollection } from '../../queries/collections.ts';
import { updateSpace } from '../../queries/spaces.ts';
import { Button } from '../Button.tsx';
import { Badge, Skeleton } from '../Feedback.tsx';
import { toast } from '../Toast.tsx';
import { Tooltip } from '../Tooltip.tsx';
import { DefaultLevelField, type ContentActions } from './ContentActions.tsx';
import { defaultLevelLabel, fromOption, toOption, type DefaultLevelOption } from './defaultLevel.ts';
import { DetailsForm } from './DetailsForm.tsx';
import { emojiText } from '../emoji.ts';
import { formatDate } from '../time.ts';

const VISIBILITY: Record<Space['visibility'], string> = {
  public: 'Public',
  unlisted: 'Unlisted',
  'share-link': 'Share link',
  'visitor-auth': 'Visitor authentication',
  'in-collection': 'Same as its collection',
  private: 'Private',
};

/** The label of a space's visibility. */
export function visibilityLabel(visibility: Space['visibility']): string {
  return VISIBILITY[visibility];
}

/** Saves a default access as soon as it is picked; a refusal keeps the choice in view with the server's reason. */
function useDefaultLevelSave(
  saved: Space['defaultLevel'],
  send: (level: Space['defaultLevel']) => Promise<unknown>,
  title: string,
) {
  const [choice, setChoice] = useState<DefaultLevelOption | undefined>();
  const [error, setError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: (option: DefaultLevelOption) => send(fromOption(option)),
    onSuccess: (_result, option) => {
      setChoice(undefined);
      toast({ title: `Default access of “${title}” set to ${defaultLevelLabel(option)}`, tone: 'success' });
    },
    onError: (failure) => setError(errorMessage(failure)),
  });
  const value = choice ?? toOption(saved);
  const pick = (option: DefaultLevelOption) => {
    setChoice(option);
    setError(undefined);
    if (option === toOption(saved)) return setChoice(undefined);
    save.mutate(option);
  };
  return { value, error, pending: save.isPending, pick };
}

/** The parent collection's title, for the sentence on inherit. */
function useParentTitle(profileId: string, parentId: string | undefined): string | undefined {
  const parent = useQuery({ ...collectionQuery(profileId, parentId ?? ''), enabled: parentId !== undefined });
  if (parentId === undefined) return undefined;
  return parent.data?.title ?? '…';
}

/** Props of the settings sections. */
interface SettingsProps {
  profileId: string;
  orgId: string;
  actions: ContentActions;
}

/** Title, emoji, edit mode, default access, dates, counts and actions of a space. */
export function SpaceSettings({ profileId, orgId, space, actions }: SettingsProps & { space: Space }) {
  const queryClient = useQueryClient();
  const ref = { kind: 'space', id: space.id } as const;
  const locked = space.editMode === 'locked';
  const deleted = space.deletedAt !== undefined;
  const parentTitle = useParentTitle(profileId, space.parent);
  const level = useDefaultLevelSave(
    space.defaultLevel,
    (defaultLevel) => updateSpace(queryClient, profileId, orgId, space.id, { defaultLevel }),
    space.title,
  );
  const busy = actions.pending?.item.id === space.id ? actions.pending.action : undefined;
  return (
    <div className="item-settings" data-testid="space-settings">
      <div className="details-heading">
        <Tooltip content={space.permissions.edit && !deleted ? 'Change the emoji' : 'Emoji'}>
          <button
            type="button"
            className="emoji-button"
            onClick={() => actions.run('emoji', ref)}
            disabled={!space.permissions.edit || deleted}
            aria-label={space.emoji === '' ? 'Add an emoji' : `Emoji ${emojiText(space.emoji)}: change it`}
            data-testid="details-emoji"
          >
            {space.emoji === '' ? '＋' : emojiText(space.emoji)}
          </button>
        </Tooltip>
        <DetailsForm
          key={`${space.id}:${space.title}`}
          kind="space"
          baseline={{ title: space.title }}
          readOnly={!space.permissions.edit || deleted}
          onSave={(body) => updateSpace(queryClient, profileId, orgId, space.id, body)}
        />
      </div>
      <dl className="facts details-facts">
        <div className="fact">
          <dt>
            <Tooltip content="Who can read the space: GitBook shows it as the visibility of a section.">
              <span tabIndex={0}>Visibility</span>
            </Tooltip>
          </dt>
          <dd data-testid="details-visibility">{visibilityLabel(space.visibility)}</dd>
        </div>
        <div className="fact">
          <dt>Edit mode</dt>
          <dd className="details-lock-row">
            {locked ? <Badge tone="warning">Locked</Badge> : <Badge>Live</Badge>}
            <label className="details-switch">
              <input
                type="checkbox"
                role="switch"
                className="switch"
                checked={locked}
                disabled={!space.permissions.admin || deleted || busy === 'unlock'}
                onChange={() => actions.run(locked ? 'unlock' : 'lock', ref)}
                data-testid="details-lock"
              />
              <span>{locked ? 'Locked: edits are refused' : 'Lock the content'}</span>
            </label>
          </dd>
        </div>
        <div className="fact">
          <dt>Created</dt>
          <dd>{formatDate(space.createdAt)}</dd>
        </div>
        <div className="fact">
          <dt>Updated</dt>
          <dd>{formatDate(space.updatedAt)}</dd>
        </div>
      </dl>
      <DefaultLevelField
        kind="space"
        value={level.value}
        onChange={level.pick}
        parentTitle={parentTitle}
        disabled={!space.permissions.admin || deleted || level.pending}
        testId="details-default-level"
      />
      {level.error !== undefined && (
        <p className="field-error" role="alert" data-testid="field-error-defaultLevel">
          Not saved: {level.error}
        </p>
      )}
      <dl className="details-counts" aria-label="Activity">
        <Count label="Change requests" value={space.changeRequests} />
        <Count label="Open" value={space.changeRequestsOpen} />
        <Count label="Draft" value={space.changeRequestsDraft} />
        <Count label="Comments" value={space.comments} />
      </dl>
      {!deleted && (
        <div className="details-actions">
          <Button
            size="sm"
            onClick={() => actions.run('duplicate', ref)}
            pending={busy === 'duplicate'}
            disabled={!space.permissions.view}
            data-testid="details-duplicate"
          >
            Duplicate
          </Button>
          <Button
            size="sm"
            onClick={() => actions.run('transfer', ref)}
            disabled={!space.permissions.admin}
            data-testid="details-transfer"
          >
            Transfer…
          </Button>
          <Button
            size="sm"
            variant="danger"
            onClick={() => actions.run('delete', ref)}
            disabled={!space.permissions.admin}
            data-testid="details-delete"
          >
            Delete…
          </Button>
        </div>
      )}
    </div>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div className="details-count-item">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** Title, description, default access, spaces and actions of a collection. */
export function CollectionSettings({
  profileId,
  orgId,
  collection,
  actions,
}: SettingsProps & { collection: Collection }) {
  const queryClient = useQueryClient();
  const ref = { kind: 'collection', id: collection.id } as const;
  const admin = collection.permissions.admin;
  const parentTitle = useParentTitle(profileId, collection.parent);
  const spaces = useQuery(collectionSpaceCountQuery(profileId, collection.id));
  const level = useDefaultLevelSave(
    collection.defaultLevel,
    (defaultLevel) => updateCollection(queryClient, profileId, orgId, collection.id, { defaultLevel }),
    collection.title,
  );
  return (
    <div className="item-settings" data-testid="collection-settings">
      <DetailsForm
        key={`${collection.id}:${collection.title}:${collection.description ?? ''}`}
        kind="collection"
        baseline={{ title: collection.title, description: collection.description ?? '' }}
        readOnly={!admin}
        onSave={(body) => updateCollection(queryClient, profileId, orgId, collection.id, body)}
      />
      <DefaultLevelField
        kind="collection"
        value={level.value}
        onChange={level.pick}
        parentTitle={parentTitle}
        disabled={!admin || level.pending}
        testId="details-default-level"
      />
      {level.error !== undefined && (
        <p className="field-error" role="alert" data-testid="field-error-defaultLevel">
          Not saved: {level.error}
        </p>
      )}
      <dl className="details-counts" aria-label="Contents">
        <div className="details-count-item">
          <dt>Spaces directly inside</dt>
          <dd data-testid="details-space-count">
            {spaces.isPending ? (
              <Skeleton width="1.5em" />
            ) : spaces.isError ? (
              <Tooltip content={errorMessage(spaces.error)}>
                <span tabIndex={0}>—</span>
              </Tooltip>
            ) : (
              spaces.data
            )}
          </dd>
        </div>
      </dl>
      <div className="details-actions">
        <Button
          size="sm"
          onClick={() => actions.run('transfer', ref)}
          disabled={!admin}
          data-testid="details-transfer"
        >
          Transfer…
        </Button>
        <Button
          size="sm"
          variant="danger"
          onClick={() => actions.run('delete', ref)}
          disabled={!admin}
          data-testid="details-delete"
        >
          Delete…
        </Button>
      </div>
    </div>
  );
}

/** A link to a space's own screen. */
export function OpenSpaceLink({
  profileId,
  orgId,
  spaceId,
}: {
  profileId: string;
  orgId: string;
  spaceId: string;
}) {
  return (
    <Link
      to="/p/$profileId/orgs/$orgId/spaces/$spaceId"
      params={{ profileId, orgId, spaceId }}
      className="btn btn-secondary btn-sm"
      data-testid="details-open-space"
    >
      Open space
    </Link>
  );
}

/** Shows an inline notice in place of settings while the item loads or fails. */
export function SettingsPlaceholder() {
  return (
    <div className="item-settings" role="status" aria-busy="true" aria-label="Loading">
      <Skeleton width="14em" height="2rem" />
      <Skeleton width="10em" />
      <Skeleton width="12em" height="2rem" />
    </div>
  );
}
