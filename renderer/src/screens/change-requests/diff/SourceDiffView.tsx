/** The source lens of the review: the shared line diff (ui/diff), with the Changes tab's comments at its lines. */
import { SourceDiffView as LineDiffView } from '../../../ui/diff/SourceDiffView.tsx';
import { useBlockNotes } from '../review/blockNotes.tsx';
import type { SourceDiff } from './types.ts';

/** The source diff of a page. */
export function SourceDiffView({ diff }: { diff: SourceDiff }) {
  return <LineDiffView diff={diff} notes={useBlockNotes()} />;
}
