import type { Kysely } from "kysely";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/schema.ts";
import type { VirtualManager } from "../../callsystem/virtual-controller.ts";
import { updateAppState } from "../appdata/app-state.repo.ts";
import { hashPassword } from "../auth/password.ts";
import { writeAudit } from "../audit/audit.repo.ts";
import { entityTables } from "../entities/entity-tables.ts";

/**
 * One display group override, disabled, for the demo's night (docs/decisions/022): Station 1's
 * calls on Station 2's board. Its section and groups are the demo hospital's (apps/simulator
 * site/sections.ts), which the first configuration import brings; overrides are ours and survive it.
 */
export const DEMO_OVERRIDE = {
  id: 1,
  name: "Nacht: Station 1 an Station 2",
  is_enabled: 0,
  section_id: 1,
  section_display_group_id: 1,
  systemtree_display_group_id: 2,
} as const;

/**
 * `npm run demo`: a ready site without the wizard: the virtual call system as system 1
 * and demo users with documented passwords (README "Demo"). Runs only in demo mode and only on a
 * database without users, so it can never touch a real installation.
 */
export const DEMO_USERS = [
  { username: "admin", password: "demo-admin", name: "Demo Administration", superuser: true, permissions: [] as string[] },
  {
    username: "pflege",
    password: "demo-pflege",
    name: "Pflege Station 1",
    superuser: false,
    permissions: ["calllog::use_module", "calllog::close_calls", "visuals::close_calls", "display::manage_display_profiles"],
  },
  {
    username: "technik",
    password: "demo-technik",
    name: "Haustechnik",
    superuser: false,
    // A house technician looks after the devices: sees and maintains wired and technical ones.
    permissions: [
      "systemtree::use_module",
      "systemtree::see_wired_devices",
      "systemtree::see_tech_devices",
      "systemtree::change_gets_attributes",
      "systemtree::change_wired_devices",
      "systemtree::change_tech_devices",
      "systemtree::change_device_serials",
      "systemtree::change_sound_levels",
      "systemtree::manage_devices",
      "systemtree::trigger_device_actions",
      "calllog::use_module",
      "calllog::see_defects",
      "admin::use_module",
      "admin::manage_system",
      "admin::see_auditlog",
    ],
  },
] as const;

export async function seedDemo(db: Kysely<Database>, config: Config, virtual: VirtualManager, now: number): Promise<boolean> {
  if (!config.DEMO_MODE) return false;
  const anyUser = await db.selectFrom("users").select("id").limit(1).executeTakeFirst();
  if (anyUser) return false;
  const address = await virtual.ensureRunning();
  const hashes = await Promise.all(DEMO_USERS.map((u) => hashPassword(u.password, config.SCRYPT_LOG_N)));
  await db.transaction().execute(async (trx) => {
    for (const [index, user] of DEMO_USERS.entries()) {
      const row = await trx
        .insertInto("users")
        .values({
          username: user.username,
          name: user.name,
          password_hash: hashes[index] as string,
          password_is_temporary: 0,
          locale: "de",
          homepage: null,
          is_superuser: user.superuser ? 1 : 0,
          is_ldap: 0,
          emails: "[]",
          system_access: "[]",
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (user.permissions.length) {
        const role = await trx
          .insertInto("roles")
          .values({ name: user.name, sort_order: index + 1 })
          .returning("id")
          .executeTakeFirstOrThrow();
        await trx
          .insertInto("role_permissions")
          .values(user.permissions.map((code) => ({ role_id: role.id, code, level: "write" })))
          .execute();
        await trx.insertInto("user_roles").values({ user_id: row.id, role_id: role.id }).execute();
      }
    }
    await trx
      .insertInto("systems")
      .values({
        id: 1,
        name: "Demo-Spital",
        ip: address.host,
        tcp_port: address.port,
        username: address.username,
        password: address.password,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await entityTables(trx)
      .insertInto("display_group_overrides")
      .values({ ...DEMO_OVERRIDE, system_id: 1, created_at: now, updated_at: now })
      .execute();
    await updateAppState(trx, { setup_time: now }, now);
    await writeAudit(trx, {
      systemId: 1,
      userId: null,
      now,
      entityType: "systemparams",
      entityId: 1,
      entityDisplayName: "Demo-Spital",
      action: "created",
      meta: { demo: true },
    });
  });
  return true;
}
