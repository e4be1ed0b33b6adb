/** Reading a whole list: the API pages its lists; some screens need every item. */

/** Walks every page of a list (`fetchPage` gets the cursor, undefined first) and answers all the items in order. */
export async function allPages<T>(
  fetchPage: (page: string | undefined) => Promise<{ items: T[]; next?: { page: string } | undefined }>,
): Promise<T[]> {
  const items: T[] = [];
  let page: string | undefined;
  do {
    const answer = await fetchPage(page);
    items.push(...answer.items);
    page = answer.next?.page;
  } while (page !== undefined);
  return items;
}

/** The `page` query parameter of a cursor, or nothing for the first page. */
export const pageParam = (page: string | undefined) => (page !== undefined ? { page } : {});
