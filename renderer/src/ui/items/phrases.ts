/** Sentences of the content actions' confirmations. */

/** What deleting a collection does, with its numbers. */
export function collectionDeletePhrase(subCollections: number, spaces: number): string {
  const subs =
    subCollections === 0
      ? 'It has no sub-collections'
      : `Its ${subCollections === 1 ? 'sub-collection is' : `${subCollections} sub-collections are`} removed`;
  const inside =
    spaces === 0
      ? 'it holds no spaces'
      : `its ${spaces === 1 ? 'space goes' : `${spaces} spaces go`} to the Trash for 7 days (restored at the top level)`;
  return `${subs}, and ${inside}. The collection itself cannot be restored.`;
}
