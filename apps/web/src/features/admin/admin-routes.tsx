import { lazy, type ComponentType } from "react";
import type { RouteObject } from "react-router";
import { ENTITIES, type EntityDef } from "@caresuite/domain";
import { lazyPage } from "../../app/lazy-page";
import { modalRoute } from "../../app/ModalRoute";
import type { RouteHandle } from "../../app/route-handle";
import { entitySingularKey, entityTitleKey, isTopLevelEntity } from "../../entity-admin/entity-labels";
import { ADMIN_CATALOGUE } from "../../i18n/admin-catalogue";
import { addCataloguePart } from "../../i18n";
import { AdminLayout } from "./AdminLayout";

const EntityListPage = lazy(async (): Promise<{ default: ComponentType<{ entity: EntityDef }> }> => ({
  default: (await import("../../entity-admin/EntityListPage")).EntityListPage,
}));
const EntityFormPage = lazyPage(() => import("../../entity-admin/EntityFormPage"), "EntityFormPage");
const EntitySortPage = lazyPage(() => import("../../entity-admin/EntitySortPage"), "EntitySortPage");
const GlobalSettingsPage = lazyPage(() => import("./settings/GlobalSettingsPage"), "GlobalSettingsPage");

function handle(value: RouteHandle): RouteHandle {
  return value;
}

/** `/admin/<route>` with the form modal `edit/:id?` and, for sortable entities, `sort`. */
function entityRoute(entity: EntityDef): RouteObject {
  const children: RouteObject[] = [
    modalRoute({ id: `admin.${entity.name}.edit`, path: "edit/:id?", titleKey: entitySingularKey(entity), Component: EntityFormPage }),
  ];
  if (entity.sortable) {
    children.push(modalRoute({ id: `admin.${entity.name}.sort`, path: "sort", titleKey: "entitySort.title", size: "md", Component: EntitySortPage }));
  }
  return {
    id: `admin.${entity.name}`,
    path: entity.route,
    element: <EntityListPage entity={entity} />,
    handle: handle({ titleKey: entityTitleKey(entity) }),
    children,
  };
}

/**
 * The /admin route tree, built from the entity registry (DESIGN.md §5): one list per entity
 * (entities edited inside another, like checkpoints in their map, have none) plus the global
 * settings. Users and roles follow with their own screens. /admin itself is sent to its first
 * child by the route guard.
 */
export function adminRoutes(): RouteObject[] {
  return [
    {
      id: "admin",
      path: "admin",
      element: <AdminLayout />,
      handle: handle({ titleKey: "admin.title" }),
      children: [
        ...ENTITIES.filter(isTopLevelEntity).map(entityRoute),
        { id: "admin.settings", path: "settings", element: <GlobalSettingsPage />, handle: handle({ titleKey: "settings.title" }) },
      ],
    },
  ];
}

/** Loads the admin texts, then gives the routes (the router patches them in on first visit). */
export async function loadAdminRoutes(): Promise<RouteObject[]> {
  await addCataloguePart(ADMIN_CATALOGUE);
  return adminRoutes();
}
