import { ENTITIES, ROUTES, canAccessChain, isLicensed, type AuthUser, type EntityDef, type Licence, type RouteDef } from "@caresuite/domain";
import { entityTitleKey, isTopLevelEntity } from "../../entity-admin/entity-labels";

export interface AdminNavItem {
  /** The child path below /admin, e.g. "calltypes". */
  path: string;
  to: string;
  labelKey: string;
}

export interface AdminNavContext {
  user: AuthUser;
  licence: Licence;
}

export const ADMIN_PATH = "/admin";

function adminRoute(): RouteDef {
  const route = ROUTES.find((def) => def.path === ADMIN_PATH);
  if (!route) throw new Error("the route table has no /admin");
  return route;
}

/** The registry entity whose admin list a child path is (entities edited inside another have none). */
export function entityOfAdminPath(path: string): EntityDef | undefined {
  return ENTITIES.find((entity) => entity.route === path && isTopLevelEntity(entity));
}

/** The label of an admin child: the entity's plural title, else `admin.nav.<path>`. */
export function adminNavLabelKey(path: string): string {
  const entity = entityOfAdminPath(path);
  return entity ? entityTitleKey(entity) : `admin.nav.${path}`;
}

/** Every child path of /admin in the route table (parameterised children excluded). */
export function adminChildPaths(): string[] {
  return (adminRoute().children ?? []).map((child) => child.path).filter((path) => !path.includes(":"));
}

/**
 * The admin area's navigation: the children of /admin in the route table (spec order) that the
 * user may enter (permissions and licences of the route table, plus the entity's own licence)
 * and that have a screen. Users and roles are table children like the others: they appear as
 * soon as their screens are routed.
 */
export function adminNavItems(ctx: AdminNavContext, hasScreen: (path: string) => boolean): AdminNavItem[] {
  const admin = adminRoute();
  const guard = { user: ctx.user, licence: ctx.licence, committing: false, demoMode: false };
  const items: AdminNavItem[] = [];
  for (const child of admin.children ?? []) {
    if (child.path.includes(":")) continue;
    const to = `${ADMIN_PATH}/${child.path}`;
    if (!hasScreen(to) || !canAccessChain([admin, child], guard)) continue;
    const entity = entityOfAdminPath(child.path);
    if (entity?.licence && !isLicensed(ctx.licence, entity.licence, ctx.user)) continue;
    items.push({ path: child.path, to, labelKey: adminNavLabelKey(child.path) });
  }
  return items;
}
