/**
 * The Overview's to-do list: one card per thing that may need an administrator, each a link to the list where it is
 * dealt with. A card with nothing to do says so plainly; one that failed to load says that, not zero.
 */
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Skeleton } from '../../ui/Feedback.tsx';
import { cx } from '../../ui/cx.ts';
import type { Todo } from './useTodo.ts';

/** The org-relative screens the cards open. */
type Screen = 'change-requests' | 'invites' | 'sso' | 'openapi' | 'trash';

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

function Card(props: {
  profileId: string;
  orgId: string;
  to: Screen;
  testId: string;
  title: string;
  attention: boolean | undefined;
  children: ReactNode;
}) {
  return (
    <Link
      to={`/p/$profileId/orgs/$orgId/${props.to}`}
      params={{ profileId: props.profileId, orgId: props.orgId }}
      className={cx('todo-card', props.attention === true && 'is-attention')}
      data-testid={props.testId}
      data-attention={props.attention === undefined ? 'loading' : String(props.attention)}
    >
      <span className="todo-title">{props.title}</span>
      <span className="todo-text">{props.children}</span>
    </Link>
  );
}

const loading = <Skeleton width="10em" />;

/** The cards. */
export function TodoList({ profileId, orgId, todo }: { profileId: string; orgId: string; todo: Todo }) {
  const common = { profileId, orgId };
  const { review, invites, sso, failedSpecs, expiring } = todo;
  return (
    <section className="section" aria-labelledby="todo-title">
      <h2 id="todo-title">To do</h2>
      <div className="todo-grid">
        <Card
          {...common}
          to="change-requests"
          testId="todo-review"
          title="Change requests"
          attention={review && review.open > 0}
        >
          {review === undefined
            ? loading
            : review.open === 0
              ? 'Nothing awaits review.'
              : `${plural(review.open, 'request')} awaiting review.`}
        </Card>
        <Card
          {...common}
          to="change-requests"
          testId="todo-outdated"
          title="Outdated or in conflict"
          attention={review && review.outdated > 0}
        >
          {review === undefined
            ? loading
            : review.outdated === 0
              ? 'Every open request is up to date.'
              : `${plural(review.outdated, 'request')} behind the main content${
                  review.conflicting === undefined
                    ? '.'
                    : review.conflicting === 0
                      ? ', none in conflict.'
                      : `, ${review.conflicting} in conflict.`
                }`}
        </Card>
        <Card
          {...common}
          to="invites"
          testId="todo-invites"
          title="Pending invites"
          attention={invites === undefined ? undefined : invites !== 'unlisted' && invites.stale > 0}
        >
          {invites === undefined
            ? loading
            : invites === 'unlisted'
              ? 'This API does not list invites awaiting a first visit.'
              : invites.pending === 0
                ? 'Everyone invited by email has signed in.'
                : `${plural(invites.pending, 'invite')} awaiting a first visit${
                    invites.stale === 0 ? '.' : `, ${invites.stale} sent over a week ago.`
                  }`}
        </Card>
        <Card
          {...common}
          to="sso"
          testId="todo-sso"
          title="Single sign-on"
          attention={sso && sso.on && sso.providers === 0}
        >
          {sso === undefined
            ? loading
            : sso.on
              ? sso.providers === 0
                ? 'On, but no identity provider is set up.'
                : `On, with ${plural(sso.providers, 'identity provider')}.`
              : `Off${sso.providers > 0 ? ` (${plural(sso.providers, 'provider')} set up)` : ''}.`}
        </Card>
        <Card
          {...common}
          to="openapi"
          testId="todo-openapi"
          title="OpenAPI specs"
          attention={failedSpecs !== undefined && failedSpecs > 0}
        >
          {failedSpecs === undefined
            ? loading
            : failedSpecs === 0
              ? 'Every spec processed.'
              : `${plural(failedSpecs, 'spec')} failed to process.`}
        </Card>
        <Card
          {...common}
          to="trash"
          testId="todo-trash"
          title="Trash"
          attention={expiring !== undefined && expiring > 0}
        >
          {expiring === undefined
            ? loading
            : expiring === 0
              ? 'Nothing leaves the Trash in the next 2 days.'
              : `${plural(expiring, 'space')} deleted for good within 2 days.`}
        </Card>
      </div>
    </section>
  );
}
