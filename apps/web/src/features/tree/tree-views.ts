/** How a view shows the system (spec: "system overview with tree, device, group and connection views"). */
export type ViewMode = "tree" | "devices" | "groups" | "connections";

export interface TreeViewChoice {
  /** The `view` query value: a system view's id, or the built-in mode's name. */
  id: string;
  mode: ViewMode;
  /** A translation key (built-in) or null when `name` is the label. */
  labelKey: string | null;
  name: string;
}

/** The four views every user has when the server offers no system views. */
export const BUILT_IN_VIEWS: readonly TreeViewChoice[] = (["tree", "devices", "groups", "connections"] as const).map((mode) => ({
  id: mode,
  mode,
  labelKey: `tree.views.${mode}`,
  name: mode,
}));

/** The view the `view` query names, else the first one. */
export function currentView(views: readonly TreeViewChoice[], param: string | null): TreeViewChoice {
  return views.find((view) => view.id === param) ?? views[0] ?? (BUILT_IN_VIEWS[0] as TreeViewChoice);
}
