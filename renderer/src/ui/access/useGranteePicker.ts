/**
 * The state of "Add people or teams": what is typed, what is picked, which option is active, and the keys that move,
 * pick, drop and give. What was picked stays when the server refuses; it clears once the grant is given.
 */
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import type { Role } from '../../../../shared/contract/constants.ts';
import { matchCandidates, type Candidate } from './candidates.ts';

/** The key of a person or a team, unique among candidates. */
export const keyOf = (grantee: { type: string; id: string }) => `${grantee.type}:${grantee.id}`;

/** The picker's state and handlers. `onGive` rejects with the server's error (what was picked then stays). */
export function useGranteePicker(
  candidates: readonly Candidate[],
  role: Role,
  onGive: (grantees: Candidate[], role: Role) => Promise<void>,
) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<Candidate[]>([]);
  const [active, setActive] = useState(0);
  const shown = useMemo(() => matchCandidates(candidates, query), [candidates, query]);
  const activeIndex = Math.min(active, shown.length - 1);
  const activeOption = activeIndex >= 0 ? shown[activeIndex] : undefined;
  const optionId = (candidate: Candidate) => `${id}-${candidate.type}-${candidate.id}`;
  const isPicked = (candidate: Candidate) => picked.some((p) => keyOf(p) === keyOf(candidate));

  const toggle = (candidate: Candidate) => {
    setPicked(
      isPicked(candidate) ? picked.filter((p) => keyOf(p) !== keyOf(candidate)) : [...picked, candidate],
    );
    setQuery('');
    setActive(0);
  };

  const give = () => {
    if (picked.length === 0) return;
    void onGive(picked, role).then(
      () => setPicked([]),
      () => undefined,
    );
  };

  const changeQuery = (next: string) => {
    setQuery(next);
    setActive(0);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setActive(Math.min(shown.length - 1, activeIndex + 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActive(Math.max(0, activeIndex - 1));
        break;
      case 'Enter':
        event.preventDefault();
        if (activeOption !== undefined) toggle(activeOption);
        else give();
        break;
      case 'Escape':
        if (query !== '') {
          event.preventDefault();
          event.stopPropagation();
          setQuery('');
        }
        break;
      case 'Backspace':
        if (query === '' && picked.length > 0) setPicked(picked.slice(0, -1));
        break;
      default:
    }
  };

  return {
    id,
    query,
    picked,
    shown,
    activeIndex,
    activeOption,
    optionId,
    isPicked,
    toggle,
    give,
    changeQuery,
    onKeyDown,
  };
}
