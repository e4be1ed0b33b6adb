/** Per person: what the plan does to them (before an apply), or how it went (after). */
import type { PersonOutcome, PersonPlan } from '../../../../shared/orgfile/directory/people.ts';
import { personSummary } from '../../../../shared/orgfile/directory/people.ts';
import { Badge } from '../../ui/Feedback.tsx';

const ACTION_LABELS: Record<PersonPlan['action'], string> = {
  invite: 'Invite',
  remove: 'Remove',
  change: 'Change',
  keep: 'Kept',
};

const OUTCOME_LABELS: Record<PersonOutcome['state'], string> = {
  done: 'Done',
  partly: 'Partly done',
  failed: 'Failed',
  'not run': 'Not run',
  unchanged: 'Unchanged',
};

export function PeopleTable({
  people,
  outcomes,
}: {
  people: readonly PersonPlan[];
  /** After an apply, how it went for each (same order as `people`). */
  outcomes?: readonly PersonOutcome[];
}) {
  const outcomeOf = new Map(outcomes?.map((outcome) => [outcome.email, outcome]));
  return (
    <table
      className="data-table"
      aria-label={outcomes !== undefined ? 'Report per person' : 'Plan per person'}
    >
      <thead>
        <tr>
          <th scope="col">Person</th>
          <th scope="col">{outcomes !== undefined ? 'Result' : 'Change'}</th>
          <th scope="col">Details</th>
        </tr>
      </thead>
      <tbody>
        {people.map((person) => {
          const outcome = outcomeOf.get(person.email);
          return (
            <tr
              key={person.email}
              data-testid="directory-person"
              data-email={person.email}
              data-action={person.action}
              data-state={outcome?.state}
            >
              <td>
                {person.email}
                {person.name !== undefined && person.name !== '' && (
                  <div className="muted">{person.name}</div>
                )}
              </td>
              <td>
                {outcome !== undefined ? (
                  <Badge
                    tone={outcome.state === 'done' || outcome.state === 'unchanged' ? 'accent' : 'warning'}
                  >
                    {OUTCOME_LABELS[outcome.state]}
                  </Badge>
                ) : (
                  <Badge tone={person.dangerous.length > 0 ? 'warning' : 'neutral'}>
                    {ACTION_LABELS[person.action]}
                  </Badge>
                )}
              </td>
              <td data-testid="directory-person-details">
                {outcome !== undefined ? (
                  <ul className="plain-list">
                    {outcome.lines.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                ) : (
                  <>
                    {personSummary(person)}
                    {[...person.dangerous, ...person.notes].map((line) => (
                      <div key={line} className="muted">
                        {line}
                      </div>
                    ))}
                  </>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
