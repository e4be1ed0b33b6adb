/** Members: invited, their role changed (promotions first, then demotions), removed last. */
import type { OrgFile } from '../schema.ts';
import type { LiveMember, OrgSnapshot } from '../snapshot.ts';
import { matcher, roleName, type PlanContext, type Stages } from './common.ts';
import type { PlanStep } from './steps.ts';

export function planMembers(
  file: OrgFile,
  live: OrgSnapshot,
  stages: Stages,
): Pick<PlanContext, 'userByEmail' | 'liveEmail'> {
  const members = matcher(live.members, (member) => (member.email ?? '').toLowerCase());
  const userByEmail = new Map<string, LiveMember>();
  const demotions: PlanStep[] = [];
  for (const wanted of file.members) {
    const email = wanted.email.toLowerCase();
    const found = members.match(wanted.id, email);
    if (found === undefined) {
      stages.members.push({
        resource: 'member',
        action: 'create',
        email: wanted.email,
        role: wanted.role,
        label: `Invite ${wanted.email} as ${roleName(wanted.role)}`,
      });
      continue;
    }
    userByEmail.set(email, found);
    if (found.role !== wanted.role) {
      const step: PlanStep = {
        resource: 'member',
        action: 'update',
        userId: found.id,
        email: wanted.email,
        from: found.role,
        to: wanted.role,
        label: `Change ${wanted.email}'s role from ${roleName(found.role)} to ${roleName(wanted.role)}`,
        ...(found.role === 'admin'
          ? { dangerous: `${wanted.email} is an admin and would no longer be one` }
          : {}),
      };
      (wanted.role === 'admin' ? stages.members : demotions).push(step);
    }
  }
  stages.members.push(...demotions);
  for (const gone of members.unmatched())
    stages.last.push({
      resource: 'member',
      action: 'delete',
      userId: gone.id,
      email: gone.email ?? gone.id,
      role: gone.role,
      label: `Remove ${gone.email ?? gone.name} from the organization`,
      ...(gone.role === 'admin' ? { dangerous: `${gone.email ?? gone.name} is an admin` } : {}),
    });
  return {
    userByEmail,
    liveEmail: new Map(live.members.map((member) => [member.id, member.email ?? member.id])),
  };
}
