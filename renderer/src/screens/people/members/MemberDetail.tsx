/**
 * The member detail panel: who they are, their role (changeable), dates, the spaces they reach, their teams (join or
 * leave one) and removal from the organization.
 */
import { useQuery } from '@tanstack/react-query';
import type { Member } from '../../../../../shared/contract/resources/members.ts';
import { errorMessage } from '../../../bridge/errors.ts';
import { memberQuery, memberSpacesQuery } from '../../../queries/members.ts';
import { Button } from '../../../ui/Button.tsx';
import { ChoiceMenu } from '../../../ui/ChoiceMenu.tsx';
import { Dialog, DialogClose } from '../../../ui/Dialog.tsx';
import { Badge, Banner, Skeleton } from '../../../ui/Feedback.tsx';
import { fromRoleValue, roleName } from '../../../ui/roles.ts';
import { MemberTeams } from '../teams/MemberTeams.tsx';
import { countOf, formatDateTime } from './format.ts';
import { isLastAdmin, lastAdminReason, roleChoiceOf, roleChoices } from '../../../ui/roleRules.ts';
import type { useRoleChange } from './useRoleChange.tsx';

/** Props of `MemberDetail`. */
export interface MemberDetailProps {
  profileId: string;
  orgId: string;
  /** The member as the table loaded it (shown while the member is fetched). */
  member: Member | undefined;
  /** The table's role changes (checked, confirmed, undoable). */
  roles: ReturnType<typeof useRoleChange>;
  /** Asks to remove the member (the table confirms). */
  onRemove: (member: Member) => void;
  onClose: () => void;
}

/** A side sheet with one member's details and actions; closed when `member` is undefined. */
export function MemberDetail({ profileId, orgId, member, roles, onRemove, onClose }: MemberDetailProps) {
  const isMe = member !== undefined && member.id === roles.me;
  return (
    <Dialog
      open={member !== undefined}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={`${member?.user.displayName ?? 'Member'}${isMe ? ' (you)' : ''}`}
      description={member?.user.email ?? 'No email address'}
      className="member-detail"
      data-testid="member-detail"
    >
      {member !== undefined && (
        <DetailBody profileId={profileId} orgId={orgId} member={member} roles={roles} isMe={isMe} />
      )}
      <div className="dialog-actions">
        {member !== undefined && roles.canManage && (
          <Button
            variant="ghost"
            className="btn-ghost-danger"
            onClick={() => onRemove(member)}
            data-testid="member-detail-remove"
          >
            {isMe ? 'Leave the organization…' : 'Remove from organization…'}
          </Button>
        )}
        <DialogClose>
          <Button>Close</Button>
        </DialogClose>
      </div>
    </Dialog>
  );
}

function DetailBody({
  profileId,
  orgId,
  member: loaded,
  roles,
  isMe,
}: {
  profileId: string;
  orgId: string;
  member: Member;
  roles: ReturnType<typeof useRoleChange>;
  isMe: boolean;
}) {
  const one = useQuery({ ...memberQuery(profileId, orgId, loaded.id), placeholderData: loaded });
  const member = one.data ?? loaded;
  const name = member.user.displayName;
  return (
    <div className="member-detail-body">
      <dl className="facts member-facts">
        <div className="fact">
          <dt>Role</dt>
          <dd>
            <ChoiceMenu
              label={`Role of ${name}${isMe ? ' (you)' : ''}`}
              value={roleChoiceOf(member)}
              choices={roleChoices(member, roles.admins)}
              onChoose={(value) => roles.request(member, fromRoleValue(value))}
              note={isLastAdmin(member, roles.admins) ? lastAdminReason(name, isMe) : undefined}
              disabled={!roles.canManage}
              pending={roles.pendingFor(member.id)}
              testId="member-detail-role"
            />
          </dd>
        </div>
        <div className="fact">
          <dt>Joined</dt>
          <dd>{formatDateTime(member.joinedAt)}</dd>
        </div>
        <div className="fact">
          <dt>Last seen</dt>
          <dd>{formatDateTime(member.lastSeenAt)}</dd>
        </div>
        <div className="fact">
          <dt>SSO</dt>
          <dd>{member.sso ? 'SSO member' : 'Not an SSO member'}</dd>
        </div>
        {member.disabled && (
          <div className="fact">
            <dt>Status</dt>
            <dd>Disabled</dd>
          </div>
        )}
      </dl>
      {one.isError && (
        <Banner tone="error" title="Could not refresh this member">
          {errorMessage(one.error)}
        </Banner>
      )}
      <MemberSpaces profileId={profileId} orgId={orgId} userId={member.id} />
      <MemberTeams profileId={profileId} orgId={orgId} member={member} canManage={roles.canManage} />
    </div>
  );
}

function MemberSpaces({ profileId, orgId, userId }: { profileId: string; orgId: string; userId: string }) {
  const spaces = useQuery(memberSpacesQuery(profileId, orgId, userId));
  return (
    <section
      className="member-detail-section"
      aria-labelledby={`spaces-${userId}`}
      data-testid="member-spaces"
    >
      <h3 id={`spaces-${userId}`}>
        Spaces they reach{spaces.data !== undefined && ` (${countOf(spaces.data.count, 'space')})`}
      </h3>
      {spaces.isPending ? (
        <Skeleton width="12em" />
      ) : spaces.isError ? (
        <Banner tone="error" title="Could not load their spaces">
          {errorMessage(spaces.error)}
        </Banner>
      ) : spaces.data.items.length === 0 ? (
        <p className="muted">No spaces yet.</p>
      ) : (
        <ul className="member-detail-list">
          {spaces.data.items.map(({ space, permission }) => (
            <li key={space.id}>
              <span>{space.title}</span>
              <Badge>{roleName(permission)}</Badge>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
