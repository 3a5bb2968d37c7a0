import { hasPermission, isLoggedIn } from "@caresuite/domain";
import type { RequestContext } from "../../context.ts";
import { readVirtualSettings } from "../../callsystem/virtual-controller.ts";
import { countUsers } from "../auth/users.repo.ts";
import { isSetupFinishOpen, isSetupOpen } from "../setup/setup.repo.ts";
import { findSystem, listSystemIds } from "../systems/systems.repo.ts";
import { outdatedHubs } from "../hubs/hubs.service.ts";
import { readAppState, type StoredAppState } from "./app-state.repo.ts";

/**
 * The controller's address and firmware are for those who manage it (ARCHITECTURE «Security rules»: anonymous
 * visitors get display data only): admin::manage_system, or anyone while the first-run setup is
 * open, because its step 3 (anonymous) stores and shows that address.
 */
async function mayReadControllerAddress(ctx: RequestContext): Promise<boolean> {
  if (isLoggedIn(ctx.user)) return hasPermission(ctx.user, "admin::manage_system");
  return isSetupOpen(ctx.db.kysely);
}

export interface AppStateView extends StoredAppState {
  has_initial_user: boolean;
  configurator_set: boolean;
  configurator_ip: string | null;
  configurator_virtual: boolean;
  /** Hubs older than a day or never synced (hubs.service.ts); none for anonymous visitors. */
  outdated_hubs: { id: number; name: string; last_sync: string | null }[];
}

/**
 * Whether system 1's configurator is the bundled virtual call system (it runs on loopback at its
 * stored port). The wizard's step 3 shows that choice instead of its address.
 */
async function configuratorIsVirtual(ctx: RequestContext, first: { ip: string; tcp_port: number } | undefined): Promise<boolean> {
  if (first === undefined) return false;
  const settings = await readVirtualSettings(ctx.db.kysely);
  return settings !== null && first.ip === "127.0.0.1" && first.tcp_port === settings.port;
}

/** AppData's application state (spec §7), the controller's address only for those who may read it. */
export async function appStateView(ctx: RequestContext): Promise<AppStateView> {
  const db = ctx.db.kysely;
  const [state, users, systemIds, first, mayReadController, outdated_hubs] = await Promise.all([
    readAppState(db),
    countUsers(db),
    listSystemIds(db),
    findSystem(db, 1),
    mayReadControllerAddress(ctx),
    outdatedHubs(ctx),
  ]);
  // Which kind of configurator is set, not where: also for the wizard's step 3 after step 4.
  const mayKnowKind = mayReadController || (await isSetupFinishOpen(db));
  const configurator_virtual = mayKnowKind && (await configuratorIsVirtual(ctx, first));
  const view = {
    ...state,
    has_initial_user: users > 0,
    configurator_set: systemIds.length > 0,
    configurator_ip: first?.ip ?? null,
    configurator_virtual,
    outdated_hubs,
  };
  return mayReadController ? view : { ...view, configurator_ip: null, configurator_version: null };
}

/** The demo mode switch (scope `demoMode`). */
export async function demoModeOn(ctx: RequestContext): Promise<boolean> {
  return (await readAppState(ctx.db.kysely)).features.demo_mode;
}
