/**
 * The Overview's to-do list with its reads. It is part of the entry chunk: a lazy chunk held the first screen, title
 * included, until its dozen files had loaded (a navigation is a transition, which waits for its lazy parts), about
 * 170 ms of the app's start, for 10 KB gzip of initial JS.
 */
import { usePainted } from '../../ui/later.ts';
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
  // Its half-dozen reads start once the title and counts are on screen: sent with them, they held that frame up.
  const todo = useTodo(profileId, orgId, ssoOn, usePainted());
  return <TodoList profileId={profileId} orgId={orgId} todo={todo} />;
}
