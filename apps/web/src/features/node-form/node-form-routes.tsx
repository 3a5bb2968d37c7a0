import type { RouteObject } from "react-router";

/** Placeholder until the node form arrives: its modal routes below /tree (edit/:id?, ...). */
export function nodeFormRoutes(): RouteObject[] {
  return [];
}
