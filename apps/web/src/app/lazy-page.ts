import { lazy, type ComponentType, type LazyExoticComponent } from "react";

/**
 * React.lazy for modules with named exports (the codebase has no default exports): each page
 * becomes its own chunk, loaded when its route is first visited.
 */
export function lazyPage<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] }));
}
