import { lazy, type ComponentType } from "react";
import type { RouteObject } from "react-router";
import { ENTITIES, type EntityDef } from "@caresuite/domain";
import { lazyPage } from "../../app/lazy-page";
import { modalRoute } from "../../app/ModalRoute";
import type { RouteHandle } from "../../app/route-handle";
import { entitySingularKey, entityTitleKey, isTopLevelEntity } from "../../entity-admin/entity-labels";
import type { EntityFormPart } from "../../entity-admin/form-parts";
import { ADMIN_CATALOGUE } from "../../i18n/admin-catalogue";
import { addCataloguePart } from "../../i18n";
import { AdminLayout } from "./AdminLayout";
import { ENTITY_FORM_PARTS } from "./entity-form-parts";
import { SYSTEM_OPS_CATALOGUE } from "./system/system-catalogue";

const EntityFormPage = lazyPage(() => import("../../entity-admin/EntityFormPage"), "EntityFormPage");
const EntityListPage = lazy(async (): Promise<{ default: ComponentType<{ entity: EntityDef; formPart?: EntityFormPart | null }> }> => {
  const { EntityListPage: page } = await import("../../entity-admin/EntityListPage");
  // Forms open from the list: fetch their code while the list is read ("generic form
  // opens ≤ 200 ms after navigation", bench/admin-form.ts), not on the first click.
  void EntityFormPage.preload();
  return { default: page };
});
const EntitySortPage = lazyPage(() => import("../../entity-admin/EntitySortPage"), "EntitySortPage");
// The page and its own catalogue part come together (features/admin/backups/backups-catalogue.ts).
const BackupsPage = lazyPage(async () => {
  const [page, { BACKUPS_CATALOGUE }] = await Promise.all([import("./backups/BackupsPage"), import("./backups/backups-catalogue")]);
  await addCataloguePart(BACKUPS_CATALOGUE);
  return page;
}, "BackupsPage");
const LdapSettingsPage = lazyPage(() => import("./ldap/LdapSettingsPage"), "LdapSettingsPage");
const TunnelPage = lazyPage(() => import("./tunnel/TunnelPage"), "TunnelPage");
const UpdatesPage = lazyPage(() => import("./updates/UpdatesPage"), "UpdatesPage");
const GlobalSettingsPage = lazyPage(() => import("./settings/GlobalSettingsPage"), "GlobalSettingsPage");
const UsersListPage = lazyPage(() => import("./users/UsersListPage"), "UsersListPage");
const UserFormPage = lazyPage(() => import("./users/UserFormPage"), "UserFormPage");
const RolesListPage = lazyPage(() => import("./roles/RolesListPage"), "RolesListPage");
const RoleFormPage = lazyPage(() => import("./roles/RoleFormPage"), "RoleFormPage");
const RoleSortPage = lazyPage(() => import("./roles/RoleSortPage"), "RoleSortPage");
const SystemParamsListPage = lazyPage(() => import("./system-params/SystemParamsListPage"), "SystemParamsListPage");
const DefectsPage = lazyPage(() => import("./defects/DefectsPage"), "DefectsPage");
/** The system tools' screens bring their texts (a catalogue part of their own). */
const systemOpsPage = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazyPage(async () => {
    const [module] = await Promise.all([load(), addCataloguePart(SYSTEM_OPS_CATALOGUE)]);
    return module;
  }, name);
const MaintenancePage = systemOpsPage(() => import("./system/MaintenancePage"), "MaintenancePage");
const LogsPage = systemOpsPage(() => import("./system/LogsPage"), "LogsPage");
const LicensePage = systemOpsPage(() => import("./system/LicensePage"), "LicensePage");
const SystemParamFormPage = lazyPage(() => import("./system-params/SystemParamFormPage"), "SystemParamFormPage");

function handle(value: RouteHandle): RouteHandle {
  return value;
}

/** `/admin/<route>` with the form modal `edit/:id?` and, for sortable entities, `sort`. */
function entityRoute(entity: EntityDef): RouteObject {
  const formPart = ENTITY_FORM_PARTS[entity.name] ?? null;
  const children: RouteObject[] = [
    modalRoute({ id: `admin.${entity.name}.edit`, path: "edit/:id?", titleKey: entitySingularKey(entity), size: formPart?.size, Component: EntityFormPage }),
  ];
  if (entity.sortable) {
    children.push(modalRoute({ id: `admin.${entity.name}.sort`, path: "sort", titleKey: "entitySort.title", size: "md", Component: EntitySortPage }));
  }
  return {
    id: `admin.${entity.name}`,
    path: entity.route,
    element: <EntityListPage entity={entity} formPart={formPart} />,
    handle: handle({ titleKey: entityTitleKey(entity) }),
    children,
  };
}

/** /admin/systemparams (route name systemParamList): the configurators, not a registry entity. */
function systemParamRoute(): RouteObject {
  return {
    id: "admin.systemparams",
    path: "systemparams",
    element: <SystemParamsListPage />,
    handle: handle({ titleKey: "admin.nav.systemparams" }),
    children: [modalRoute({ id: "admin.systemparams.edit", path: "edit/:id?", titleKey: "systemParams.singular", size: "xl", Component: SystemParamFormPage })],
  };
}

/**
 * /admin/users and /admin/roles: screens of their own (not registry entities). The route table
 * guards them: roles/sort is marked superuserOnly there, so others land on no-access.
 */
function userAndRoleRoutes(): RouteObject[] {
  return [
    {
      id: "admin.users",
      path: "users",
      element: <UsersListPage />,
      handle: handle({ titleKey: "admin.nav.users" }),
      children: [modalRoute({ id: "admin.users.edit", path: "edit/:id?", titleKey: "users.singular", size: "xl", Component: UserFormPage })],
    },
    {
      id: "admin.roles",
      path: "roles",
      element: <RolesListPage />,
      handle: handle({ titleKey: "admin.nav.roles" }),
      children: [
        modalRoute({ id: "admin.roles.edit", path: "edit/:id?", titleKey: "roles.singular", size: "70rem", Component: RoleFormPage }),
        modalRoute({ id: "admin.roles.sort", path: "sort", titleKey: "entitySort.title", size: "md", Component: RoleSortPage }),
      ],
    },
  ];
}

/**
 * The /admin route tree, built from the entity registry (ARCHITECTURE «Entity registry»): one list per entity
 * (entities edited inside another, like checkpoints in their map, have none) plus the global
 * settings, users and roles. /admin itself is sent to its first child by the route guard.
 */
export function adminRoutes(): RouteObject[] {
  return [
    {
      id: "admin",
      path: "admin",
      element: <AdminLayout />,
      handle: handle({ titleKey: "admin.title" }),
      children: [
        systemParamRoute(),
        ...ENTITIES.filter(isTopLevelEntity).map(entityRoute),
        ...userAndRoleRoutes(),
        // Route table "/admin backups | admin::manage_backups and management licence" (docs/decisions/041-backups.md).
        { id: "admin.backups", path: "backups", element: <BackupsPage />, handle: handle({ titleKey: "backups.title" }) },
        { id: "admin.ldap", path: "ldap", element: <LdapSettingsPage />, handle: handle({ titleKey: "ldap.title" }) },
        // docs/decisions/044-cleanup-logs-maintenance.md: logs (manage_system + management licence),
        // licence (manage_system), maintenance with the cleanup (the admin area; its tools need manage_system).
        { id: "admin.logs", path: "logs", element: <LogsPage />, handle: handle({ titleKey: "admin.nav.logs" }) },
        { id: "admin.license", path: "license", element: <LicensePage />, handle: handle({ titleKey: "admin.nav.license" }) },
        { id: "admin.maintenance", path: "maintenance", element: <MaintenancePage />, handle: handle({ titleKey: "admin.nav.maintenance" }) },
        { id: "admin.tunnel", path: "tunnel", element: <TunnelPage />, handle: handle({ titleKey: "tunnel.title" }) },
        { id: "admin.updates", path: "updates", element: <UpdatesPage />, handle: handle({ titleKey: "updates.title" }) },
        // Route table "/admin defects | admin::manage_system or calllog::see_defects" (no edit child).
        { id: "admin.defects", path: "defects", element: <DefectsPage />, handle: handle({ titleKey: "admin.nav.defects" }) },
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
