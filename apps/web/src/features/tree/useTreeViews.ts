import { useMemo } from "react";
import { useQuery } from "urql";
import { TREE_SYSTEM_VIEWS } from "./tree.graphql";
import { viewChoices, type TreeViewChoice } from "./tree-views";

/** The views of the switcher: the server's system views, else (none, or an error) the four built-in ones. */
export function useTreeViews(): readonly TreeViewChoice[] {
  const [{ data }] = useQuery({ query: TREE_SYSTEM_VIEWS });
  const views = data?.systemViews;
  return useMemo(() => viewChoices(views), [views]);
}
