/** The actions on a collection or space, shared by the content tree's context menu and the detail panel. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Value } from '@sinclair/typebox/value';
import { displayTextMessage } from '../../../../shared/contract/display-text.ts';
import { Emoji } from '../../../../shared/contract/resources/content.ts';
import {
  DeleteDialog,
  LockDialog,
  TransferDialog,
  useSave,
  type ItemDialogProps,
} from './ContentDialogs.tsx';
import { errorMessage } from '../../bridge/errors.ts';
import { collectionQuery, updateCollection } from '../../queries/collections.ts';
import { duplicateSpace, spaceQuery, updateSpace } from '../../queries/spaces.ts';
import { Button } from '../Button.tsx';
import { Dialog, DialogClose } from '../Dialog.tsx';
import { Banner, Skeleton } from '../Feedback.tsx';
import { toast } from '../Toast.tsx';
import {
  DEFAULT_LEVEL_OPTIONS,
  defaultLevelLabel,
  fromOption,
  inheritExplanation,
  toOption,
  type DefaultLevelOption,
} from './defaultLevel.ts';
import { EmojiPicker } from './EmojiPicker.tsx';
import { itemParent, itemTitle, useItem } from './useItem.ts';
import './items.css';

/** A collection or space of the content tree. */
export type ContentItemRef = { kind: 'space'; id: string } | { kind: 'collection'; id: string };

/** What a menu can ask for. */
export type ContentAction =
  'emoji' | 'defaultLevel' | 'lock' | 'unlock' | 'duplicate' | 'transfer' | 'delete';

/** An action under way on an item. */
export interface RunningAction {
  action: ContentAction;
  item: ContentItemRef;
}

/** What `useContentActions` gives: `run` opens the action's dialog (or runs it), `dialogs` renders them once. */
export interface ContentActions {
  run(action: ContentAction, item: ContentItemRef): void;
  dialogs: ReactNode;
  /** The immediate action (unlock, duplicate) running now, for buttons to show it. */
  pending: RunningAction | undefined;
}

/** The actions each kind of item has. */
export const ACTIONS_OF: Record<ContentItemRef['kind'], readonly ContentAction[]> = {
  space: ['emoji', 'defaultLevel', 'lock', 'unlock', 'duplicate', 'transfer', 'delete'],
  collection: ['defaultLevel', 'transfer', 'delete'],
};

/** The actions on the content of one organization; dialogs keep what was typed when the server refuses. */
export function useContentActions(profileId: string, orgId: string): ContentActions {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState<RunningAction | undefined>();
  const [pending, setPending] = useState<RunningAction | undefined>();

  const runNow = useCallback(
    async (action: 'unlock' | 'duplicate', item: ContentItemRef & { kind: 'space' }) => {
      setPending({ action, item });
      const title = quoted(queryClient, profileId, item);
      try {
        if (action === 'unlock') {
          await updateSpace(queryClient, profileId, orgId, item.id, { editMode: 'live' });
          toast({
            title: `${title} is unlocked`,
            description: 'Its content can be edited.',
            tone: 'success',
          });
        } else {
          const created = await duplicateSpace(queryClient, profileId, orgId, item.id);
          toast({
            title: `Duplicated as “${created.title}”`,
            tone: 'success',
            action: {
              label: 'Open copy',
              altText: 'Open the copy from the content tree',
              testId: 'open-copy',
              onClick: () =>
                void navigate({
                  to: '/p/$profileId/orgs/$orgId/spaces/$spaceId',
                  params: { profileId, orgId, spaceId: created.id },
                }),
            },
          });
        }
      } catch (error) {
        toast({
          title: action === 'unlock' ? `${title} was not unlocked` : `${title} was not duplicated`,
          description: errorMessage(error),
          tone: 'error',
        });
      } finally {
        setPending(undefined);
      }
    },
    [queryClient, profileId, orgId, navigate],
  );

  const run = useCallback(
    (action: ContentAction, item: ContentItemRef) => {
      if (!ACTIONS_OF[item.kind].includes(action)) return;
      if (item.kind === 'space' && (action === 'unlock' || action === 'duplicate'))
        return void runNow(action, item);
      setOpen({ action, item });
    },
    [runNow],
  );

  const close = useCallback(() => setOpen(undefined), []);
  const dialogs = (
    <>
      {open !== undefined && (
        <ActionDialog
          key={`${open.action}:${open.item.id}`}
          profileId={profileId}
          orgId={orgId}
          running={open}
          onClose={close}
        />
      )}
    </>
  );
  return { run, dialogs, pending };
}

/** “Title” of a cached item, or “The space” when it is not cached. */
function quoted(
  queryClient: ReturnType<typeof useQueryClient>,
  profileId: string,
  item: ContentItemRef,
): string {
  const data =
    item.kind === 'space'
      ? queryClient.getQueryData(spaceQuery(profileId, item.id).queryKey)
      : queryClient.getQueryData(collectionQuery(profileId, item.id).queryKey);
  const title = (data as { title?: string } | undefined)?.title;
  return title !== undefined && title !== '' ? `“${title}”` : `The ${item.kind}`;
}

interface DialogProps {
  profileId: string;
  orgId: string;
  running: RunningAction;
  onClose: () => void;
}

/** The dialog of one action, once its item is loaded. */
function ActionDialog({ profileId, orgId, running, onClose }: DialogProps) {
  const item = useItem(profileId, running.item);
  const onOpenChange = (next: boolean) => {
    if (!next) onClose();
  };
  if (item.data === undefined) {
    return (
      <Dialog open onOpenChange={onOpenChange} title="Loading…" data-testid="action-dialog">
        {item.isError ? (
          <Banner tone="error" title="This item could not be loaded">
            {errorMessage(item.error)}
          </Banner>
        ) : (
          <Skeleton width="16em" height="2rem" />
        )}
      </Dialog>
    );
  }
  const props = { profileId, orgId, data: item.data, onOpenChange, onDone: onClose };
  switch (running.action) {
    case 'emoji':
      return item.data.kind === 'space' ? <EmojiDialog {...props} space={item.data.space} /> : null;
    case 'defaultLevel':
      return <DefaultLevelDialog {...props} />;
    case 'lock':
      return item.data.kind === 'space' ? <LockDialog {...props} spaceId={item.data.space.id} /> : null;
    case 'transfer':
      return <TransferDialog {...props} />;
    case 'delete':
      return <DeleteDialog {...props} />;
    default:
      return null;
  }
}

function EmojiDialog({
  profileId,
  orgId,
  data,
  space,
  onOpenChange,
  onDone,
}: ItemDialogProps & { space: { id: string; emoji: string } }) {
  const queryClient = useQueryClient();
  const [emoji, setEmoji] = useState(space.emoji);
  const [problem, setProblem] = useState<string | undefined>();
  const { pending, error, save } = useSave(onDone);
  const title = itemTitle(data);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = emoji.trim();
    if (!Value.Check(Emoji, value))
      return setProblem(displayTextMessage('Emoji', Emoji, value) ?? 'Emoji can have at most 50 characters.');
    setProblem(undefined);
    void save(async () => {
      await updateSpace(queryClient, profileId, orgId, space.id, { emoji: value });
      return value === '' ? `Emoji of “${title}” removed` : `Emoji of “${title}” set to ${value}`;
    });
  };
  return (
    <Dialog open onOpenChange={onOpenChange} title={`Emoji of “${title}”`} data-testid="emoji-dialog">
      <form className="form" onSubmit={onSubmit} noValidate>
        <EmojiPicker
          value={emoji}
          onChange={(next) => {
            setEmoji(next);
            setProblem(undefined);
          }}
          error={problem}
        />
        {error !== undefined && (
          <Banner tone="error" title="The emoji was not saved" data-testid="action-error">
            {error}
          </Banner>
        )}
        <div className="dialog-actions">
          <Button variant="ghost" onClick={() => setEmoji('')} disabled={emoji === ''}>
            Clear
          </Button>
          <DialogClose>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button type="submit" variant="primary" pending={pending} data-testid="emoji-save">
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function DefaultLevelDialog({ profileId, orgId, data, onOpenChange, onDone }: ItemDialogProps) {
  const queryClient = useQueryClient();
  const current = data.kind === 'space' ? data.space.defaultLevel : data.collection.defaultLevel;
  const [option, setOption] = useState<DefaultLevelOption>(toOption(current));
  const { pending, error, save } = useSave(onDone);
  const parentId = itemParent(data);
  const parent = useQuery({ ...collectionQuery(profileId, parentId ?? ''), enabled: parentId !== undefined });
  const title = itemTitle(data);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (option === toOption(current)) return onDone();
    const defaultLevel = fromOption(option);
    void save(async () => {
      if (data.kind === 'space')
        await updateSpace(queryClient, profileId, orgId, data.space.id, { defaultLevel });
      else await updateCollection(queryClient, profileId, orgId, data.collection.id, { defaultLevel });
      return `Default access of “${title}” set to ${defaultLevelLabel(option)}`;
    });
  };
  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={`Default access of “${title}”`}
      description="What members of the organization can do here unless a team or personal access says otherwise."
      data-testid="default-level-dialog"
    >
      <form className="form" onSubmit={onSubmit} noValidate>
        <DefaultLevelField
          kind={data.kind}
          value={option}
          onChange={setOption}
          parentTitle={parentId === undefined ? undefined : (parent.data?.title ?? '…')}
          testId="default-level-select"
        />
        {error !== undefined && (
          <Banner tone="error" title="The default access was not saved" data-testid="action-error">
            {error}
          </Banner>
        )}
        <div className="dialog-actions">
          <DialogClose>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button type="submit" variant="primary" pending={pending} data-testid="default-level-save">
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The default access select with the sentence saying what inherit means for this item. */
export function DefaultLevelField({
  kind,
  value,
  onChange,
  parentTitle,
  disabled,
  testId,
}: {
  kind: 'space' | 'collection';
  value: DefaultLevelOption;
  onChange: (option: DefaultLevelOption) => void;
  /** The parent collection's title; undefined at the top level. */
  parentTitle: string | undefined;
  disabled?: boolean;
  testId: string;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        Default access
      </label>
      <select
        id={id}
        className="input select default-level-select"
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value as DefaultLevelOption)}
        aria-describedby={`${id}-hint`}
        data-testid={testId}
      >
        {DEFAULT_LEVEL_OPTIONS.map((option) => (
          <option key={option} value={option}>
            {defaultLevelLabel(option)}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="field-hint">
        {inheritExplanation(kind, parentTitle)}
      </p>
    </div>
  );
}
