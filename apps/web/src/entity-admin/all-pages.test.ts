import { describe, expect, it } from "vitest";
import { readAllPages, type PageAnswer } from "./all-pages";
import { ALL_PAGE_SIZE, MAX_ALL_PAGES } from "./list-state";

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A source whose pages are all cached: each answers inside the call that asks for it. */
function cachedPages(total: number) {
  let depth = 0;
  let deepest = 0;
  const asked: number[] = [];
  const source = (index: number, answer: (result: PageAnswer<number, string>) => void) => {
    asked.push(index);
    depth += 1;
    deepest = Math.max(deepest, depth);
    const first = index * ALL_PAGE_SIZE;
    answer({ items: Array.from({ length: Math.max(0, Math.min(ALL_PAGE_SIZE, total - first)) }, (_, i) => first + i), total });
    depth -= 1;
    return { unsubscribe: () => undefined };
  };
  return { source, asked, deepest: () => deepest };
}

describe("readAllPages", () => {
  it("reads every page up to the cap and hands over the whole, in order", async () => {
    const pages = cachedPages(ALL_PAGE_SIZE * 3 + 5);
    let whole: number[] = [];
    readAllPages(
      pages.source,
      (items) => (whole = items),
      () => undefined,
    );
    await flush();
    expect(pages.asked).toEqual([0, 1, 2, 3]);
    expect(whole).toEqual(Array.from({ length: ALL_PAGE_SIZE * 3 + 5 }, (_, i) => i));
  });

  it("asks for no page from inside another page's answer (cached pages nested their streams until the stack overflowed)", async () => {
    const pages = cachedPages(ALL_PAGE_SIZE * 100);
    readAllPages(
      pages.source,
      () => undefined,
      () => undefined,
    );
    await flush();
    expect(pages.asked.length).toBe(MAX_ALL_PAGES);
    expect(pages.deepest()).toBe(1);
  });

  it("asks for nothing more once stopped", async () => {
    const pages = cachedPages(ALL_PAGE_SIZE * 5);
    const stop = readAllPages(
      pages.source,
      () => undefined,
      () => undefined,
    );
    stop();
    await flush();
    expect(pages.asked).toEqual([0]);
  });

  it("passes an error on", async () => {
    const errors: string[] = [];
    readAllPages<number, string>(
      (_index, answer) => (answer({ error: "boom" }), { unsubscribe: () => undefined }),
      () => undefined,
      (e) => errors.push(e),
    );
    await flush();
    expect(errors).toEqual(["boom"]);
  });
});
