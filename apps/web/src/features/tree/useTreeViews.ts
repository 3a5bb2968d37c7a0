import { BUILT_IN_VIEWS, type TreeViewChoice } from "./tree-views";

/** The views of the switcher: the server's system views once it offers them, else the four built-in ones. */
export function useTreeViews(): readonly TreeViewChoice[] {
  return BUILT_IN_VIEWS;
}
