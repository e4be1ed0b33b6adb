/**
 * The Overview's to-do list with its reads, in a chunk of its own: its queries bring the merge check (and its diff3
 * library), which the organization's title and counts never need, so the app's first screen loads without them.
 */
import { TodoList } from './TodoList.tsx';
import { useTodo } from './useTodo.ts';

/** Reads and shows the to-do list of an organization that is on screen. */
export function OverviewTodo({
  profileId,
  orgId,
  ssoOn,
}: {
  profileId: string;
  orgId: string;
  ssoOn: boolean | undefined;
}) {
  const todo = useTodo(profileId, orgId, ssoOn, true);
  return <TodoList profileId={profileId} orgId={orgId} todo={todo} />;
}
