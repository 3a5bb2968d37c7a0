import { joinPages, pagesFor } from "./list-state";

/** One page's answer: its records and the total, or an error. */
export type PageAnswer<T, E> = { items: T[]; total: number } | { error: E };

/** Starts reading page `index`; `answer` may be called at once (a cached page) and again later. */
export type PageSource<T, E> = (index: number, answer: (result: PageAnswer<T, E>) => void) => { unsubscribe: () => void };

/**
 * Reads every page (at most MAX_ALL_PAGES): the first gives the total, the others follow. Each page
 * stays subscribed, so a change of the records answers again and `onItems` gets the new whole.
 * The next pages start after the answer that announced them returned: a cached page answers inside
 * the call that asked for it, and asking for the next one from there nests every page's stream in
 * the previous one's, which overflowed the stack with a few dozen cached pages. Returns the stop.
 */
export function readAllPages<T, E>(source: PageSource<T, E>, onItems: (items: T[], total: number) => void, onError: (error: E) => void): () => void {
  const pages: (T[] | undefined)[] = [];
  const subscriptions: { unsubscribe: () => void }[] = [];
  let stopped = false;
  const load = (index: number): void => {
    subscriptions[index] = source(index, (result) => {
      if ("error" in result) return onError(result.error);
      pages[index] = result.items;
      const count = pagesFor(result.total);
      queueMicrotask(() => {
        for (let next = 1; next < count && !stopped; next += 1) if (!subscriptions[next]) load(next);
      });
      const items = joinPages(pages, count);
      if (items) onItems(items, result.total);
    });
  };
  load(0);
  return () => {
    stopped = true;
    subscriptions.forEach((subscription) => subscription.unsubscribe());
  };
}
