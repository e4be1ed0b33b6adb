/** The screen for a URL the app does not know. */
import { Link } from '@tanstack/react-router';
import { EmptyState } from '../ui/Feedback.tsx';
import { useDocumentTitle } from './useDocumentTitle.ts';

/** Says the page does not exist and offers a way home. */
export function NotFoundScreen() {
  useDocumentTitle('Not found');
  return (
    <div className="screen">
      <EmptyState title="There is no such screen">
        <Link to="/">Go to the organization overview</Link>
      </EmptyState>
    </div>
  );
}
