/** The member detail panel: who they are, their role and dates, the spaces they reach and their teams. */
import { useQuery } from '@tanstack/react-query';
import type { Member } from '../../../../../shared/contract/resources/members.ts';
import { errorMessage } from '../../../bridge/errors.ts';
import { memberQuery, memberSpacesQuery, memberTeamsQuery } from '../../../queries/members.ts';
import { Button } from '../../../ui/Button.tsx';
import { Dialog, DialogClose } from '../../../ui/Dialog.tsx';
import { Badge, Banner, Skeleton } from '../../../ui/Feedback.tsx';
import { countOf, formatDateTime, roleLabel } from './format.ts';

/** Props of `MemberDetail`. */
export interface MemberDetailProps {
  profileId: string;
  orgId: string;
  /** The member as the table loaded it (shown while the member is fetched). */
  member: Member | undefined;
  onClose: () => void;
}

/** A side sheet with one member's details; closed when `member` is undefined. */
export function MemberDetail({ profileId, orgId, member, onClose }: MemberDetailProps) {
  return (
    <Dialog
      open={member !== undefined}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={member?.user.displayName ?? 'Member'}
      description={member?.user.email ?? 'No email address'}
      className="member-detail"
      data-testid="member-detail"
    >
      {member !== undefined && <DetailBody profileId={profileId} orgId={orgId} member={member} />}
      <div className="dialog-actions">
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
}: {
  profileId: string;
  orgId: string;
  member: Member;
}) {
  const one = useQuery({ ...memberQuery(profileId, orgId, loaded.id), placeholderData: loaded });
  const member = one.data ?? loaded;
  return (
    <div className="member-detail-body">
      <dl className="facts member-facts">
        <div className="fact">
          <dt>Role</dt>
          <dd>{roleLabel(member.role)}</dd>
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
      <MemberTeams profileId={profileId} orgId={orgId} userId={member.id} />
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
              <Badge>{roleLabel(permission)}</Badge>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function MemberTeams({ profileId, orgId, userId }: { profileId: string; orgId: string; userId: string }) {
  const teams = useQuery(memberTeamsQuery(profileId, orgId, userId));
  return (
    <section className="member-detail-section" aria-labelledby={`teams-${userId}`} data-testid="member-teams">
      <h3 id={`teams-${userId}`}>
        Teams{teams.data !== undefined && ` (${countOf(teams.data.count, 'team')})`}
      </h3>
      {teams.isPending ? (
        <Skeleton width="12em" />
      ) : teams.isError ? (
        <Banner tone="error" title="Could not load their teams">
          {errorMessage(teams.error)}
        </Banner>
      ) : teams.data.items.length === 0 ? (
        <p className="muted">Not in any team.</p>
      ) : (
        <ul className="member-detail-list">
          {teams.data.items.map(({ team, member }) => (
            <li key={team.id}>
              <span>{team.title}</span>
              <Badge tone={member.role === 'owner' ? 'accent' : 'neutral'}>
                {member.role === 'owner' ? 'Owner' : 'Member'}
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
