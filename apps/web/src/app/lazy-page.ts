import { createElement, lazy, type ComponentType } from "react";

/** A lazily loaded page that can also be fetched ahead of its first render. */
export type LazyPage = ComponentType & {
  /** Loads the page's code now; its first render then needs no Suspense fallback. */
  preload(): Promise<void>;
};

/**
 * React.lazy for modules with named exports (the codebase has no default exports): each page
 * becomes its own chunk, loaded when its route is first visited. Once loaded (by a visit or by
 * `preload`), the page renders directly: React.lazy alone would suspend once more, and React
 * holds a shown fallback for up to 300 ms, which made the admin form open in ~400 ms
 * (bench/admin-form.ts; the target is 200 ms).
 */
export function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): LazyPage {
  let loaded: ComponentType | null = null;
  const fetchPage = async (): Promise<ComponentType> => {
    loaded ??= (await load())[name];
    return loaded;
  };
  const Lazy = lazy(async () => ({ default: await fetchPage() }));
  const Page = (props: Record<string, never>) => createElement(loaded ?? Lazy, props);
  Page.displayName = `LazyPage(${name})`;
  return Object.assign(Page, {
    preload: async () => {
      await fetchPage();
    },
  });
}
