import type { RouteObject } from "react-router";
import { lazyPage } from "../../app/lazy-page";
import { modalRoute } from "../../app/ModalRoute";
import type { RouteHandle } from "../../app/route-handle";
import { addCataloguePart } from "../../i18n";
import { ADMIN_CATALOGUE } from "../../i18n/admin-catalogue";
import { EXPORTS_CATALOGUE } from "../../i18n/exports-catalogue";
import { displayGroupOverride } from "@caresuite/domain";
import { entitySingularKey } from "../../entity-admin/entity-labels";
import { TREE_CATALOGUE } from "./tree-catalogue";
import { TreePage } from "./TreePage";

const TreeSortPage = lazyPage(() => import("./TreeSortPage"), "TreeSortPage");
const ConnectionsPage = lazyPage(() => import("./ConnectionsPage"), "ConnectionsPage");
// The overrides are a registry entity: their list and form are the generic ones, labelled from
// the admin catalogue, which loads with the page (not with the tree).
const DisplayGroupOverridesPage = lazyPage(async () => {
  const [page] = await Promise.all([import("./DisplayGroupOverridesPage"), addCataloguePart(ADMIN_CATALOGUE)]);
  return page;
}, "DisplayGroupOverridesPage");
const EntityFormPage = lazyPage(() => import("../../entity-admin/EntityFormPage"), "EntityFormPage");

function handle(value: RouteHandle): RouteHandle {
  return value;
}

/**
 * /tree and its children (spec route table). `formRoutes` are the node form's modal routes
 * (edit/:id?, its flight profiles and calls, audit), relative, rendered over the tree; the
 * router composes them in, since one feature does not import another.
 * /tree/view/:id and /tree/overview are redirects of the route guard, not routes here.
 * /tree/displaygroupoverrides is the display group overrides' list with its form modal.
 */
export function treeRoutes(formRoutes: RouteObject[]): RouteObject[] {
  return [
    {
      id: "tree",
      path: "tree",
      element: <TreePage />,
      handle: handle({ titleKey: "tree.title" }),
      children: [...formRoutes, modalRoute({ id: "tree.sort", path: "sort", titleKey: "tree.sort.title", size: "lg", Component: TreeSortPage })],
    },
    { id: "tree.connections", path: "tree/connections", element: <ConnectionsPage />, handle: handle({ titleKey: "tree.connectionsTitle" }) },
    {
      id: "tree.displayGroupOverrides",
      path: "tree/displaygroupoverrides",
      element: <DisplayGroupOverridesPage />,
      handle: handle({ titleKey: "tree.overridesTitle" }),
      children: [
        modalRoute({
          id: "tree.displayGroupOverrides.edit",
          path: "edit/:id?",
          titleKey: entitySingularKey(displayGroupOverride),
          Component: EntityFormPage,
        }),
      ],
    },
  ];
}

/** Loads the tree texts, then gives the routes (the router patches them in on the first visit). */
export async function loadTreeRoutes(formRoutes: RouteObject[]): Promise<RouteObject[]> {
  // The export menu's texts are shared with the log (i18n/exports-catalogue.ts).
  await Promise.all([addCataloguePart(TREE_CATALOGUE), addCataloguePart(EXPORTS_CATALOGUE)]);
  return treeRoutes(formRoutes);
}
