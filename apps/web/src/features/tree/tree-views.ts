import { SYSTEM_VIEW_KEYS, type SystemViewKey } from "@caresuite/domain";

/** How a view shows the system (spec: "system overview with tree, device, group and connection views"). */
export type ViewMode = SystemViewKey;

export interface TreeViewChoice {
  /** The `view` query value: a system view's id, or the built-in mode's name. */
  id: string;
  mode: ViewMode;
  /** A translation key (built-in or unrenamed seeded view) or null when `name` is the label. */
  labelKey: string | null;
  name: string;
  /** The view's filters (spec data §3.6 "filters (key, value)"), read by the domain's viewFilterTest. */
  filters: readonly { key: string; value: string }[];
}

/** The four views every user has when the server offers no system views. */
export const BUILT_IN_VIEWS: readonly TreeViewChoice[] = SYSTEM_VIEW_KEYS.map((mode) => ({
  id: mode,
  mode,
  labelKey: `tree.views.${mode}`,
  name: mode,
  filters: [],
}));

/** The names a system starts its views with: unrenamed, they show in the UI language. */
const SEEDED_NAMES: Record<ViewMode, string> = { tree: "Baum", devices: "Geräte", groups: "Gruppen", connections: "Verbindungen" };

function isViewMode(key: string): key is ViewMode {
  return (SYSTEM_VIEW_KEYS as readonly string[]).includes(key);
}

/** The server's system views as switcher choices (views of an unknown kind are left out); the built-in ones when none remain. */
export function viewChoices(
  views: readonly { id: number; name: string; view_key: string; filters?: readonly { key: string; value: string }[] }[] | undefined,
): readonly TreeViewChoice[] {
  const choices = (views ?? []).flatMap((view): TreeViewChoice[] =>
    isViewMode(view.view_key)
      ? [
          {
            id: String(view.id),
            mode: view.view_key,
            labelKey: view.name === SEEDED_NAMES[view.view_key] ? `tree.views.${view.view_key}` : null,
            name: view.name,
            filters: view.filters ?? [],
          },
        ]
      : [],
  );
  return choices.length > 0 ? choices : BUILT_IN_VIEWS;
}

/** The view the `view` query names (an id, or a built-in mode's name), else the first one. */
export function currentView(views: readonly TreeViewChoice[], param: string | null): TreeViewChoice {
  return views.find((view) => view.id === param) ?? views.find((view) => view.mode === param) ?? views[0] ?? (BUILT_IN_VIEWS[0] as TreeViewChoice);
}
