import { configuratorInputSchema, fieldErrors, hasWritePermission, initialUserInputSchema, isLoggedIn } from "@caresuite/domain";
import type { RequestContext } from "../../context.ts";
import { AppError } from "../../errors/app-error.ts";
import { updateAppState } from "../appdata/app-state.repo.ts";
import { writeAudit } from "../audit/audit.repo.ts";
import { hashPassword } from "../auth/password.ts";
import { countUsers } from "../auth/users.repo.ts";
import type { SystemRow } from "../systems/systems.repo.ts";
import { checkControllerConnection } from "../systems/connection-check.ts";
import { forgetSystemIds } from "../systems/known-system-ids.ts";
import { forgetSystemVisibility } from "../display/anonymous-systems.ts";
import { claimFinishedStep, claimInitialUserStep, isSetupFinishOpen, isSetupOpen, lockSetupState } from "./setup.repo.ts";
import { setupDoneError } from "./setup-done.ts";

const invalid = (error: Parameters<typeof fieldErrors>[0]): AppError => new AppError("VALIDATION", "Validation failed", { fields: fieldErrors(error) });

/**
 * spec: "createInitialUser(username, password, locale) returns user". Creates the first superuser,
 * which closes the anonymous setup mutations. The setup time is set later, by finishSetup (step 5,
 * docs/decisions/012), so that the wizard's last step survives a reload.
 */
/** Scope `setupOpen`: the first-run setup has not finished. */
export function setupOpen(ctx: RequestContext): Promise<boolean> {
  return isSetupOpen(ctx.db.kysely);
}

/** Scope `setupFinishing`: between the initial user and the wizard's last step (docs/decisions/012). */
export function setupFinishOpen(ctx: RequestContext): Promise<boolean> {
  return isSetupFinishOpen(ctx.db.kysely);
}

export async function createInitialUser(ctx: RequestContext, input: unknown): Promise<{ id: number; username: string }> {
  const parsed = initialUserInputSchema.safeParse(input);
  if (!parsed.success) throw invalid(parsed.error);
  const { username, password, locale } = parsed.data;
  const db = ctx.db.kysely;
  // Before the costly hash: a late call hears at once that the setup is done.
  if (!(await isSetupOpen(db))) throw setupDoneError(ctx);
  const hash = await hashPassword(password, ctx.config.SCRYPT_LOG_N);
  const now = ctx.now();
  return db.transaction().execute(async (trx) => {
    // one atomic step. Of parallel calls exactly one claims the setup; the others fail
    // here and their transactions create nothing.
    if (!(await claimInitialUserStep(trx, now))) throw setupDoneError(ctx);
    // spec §8: "error containing 'already present' maps to username error".
    if ((await countUsers(trx)) > 0) {
      throw new AppError("CONFLICT", "initial user already present", {
        fields: { username: [{ message: "validation.already_present", data: {} }] },
      });
    }
    const user = await trx
      .insertInto("users")
      .values({
        username,
        name: username,
        password_hash: hash,
        password_is_temporary: 0,
        locale,
        homepage: null,
        is_superuser: 1,
        is_ldap: 0,
        emails: "[]",
        system_access: "[]",
        created_at: now,
        updated_at: now,
      })
      .returning(["id", "username"])
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      systemId: null,
      userId: null,
      now,
      entityType: "user",
      entityId: user.id,
      entityDisplayName: username,
      action: "created",
      changes: [
        { field: "username", value_old: null, value_new: username },
        { field: "is_superuser", value_old: null, value_new: true },
        { field: "locale", value_old: null, value_new: locale },
      ],
    });
    return user;
  });
}

/**
 * spec: "createInitialConfigurator(ip, username, password) returns system parameters". Stores the
 * call-system controller of system 1; running the step again replaces what it stored.
 */
export async function createInitialConfigurator(ctx: RequestContext, input: unknown, tcpPort?: number | null): Promise<SystemRow> {
  const parsed = configuratorInputSchema.safeParse(input);
  if (!parsed.success) throw invalid(parsed.error);
  const { ip, username, password } = parsed.data;
  const port = tcpPort ?? ctx.config.CONTROLLER_PORT;
  // step 3 really checks the connection ("failed to fetch firmware version: Unauthorized"
  // maps to the password field); the failure class only, never the host's answer.
  const version = await checkControllerConnection({ ip, tcp_port: port, username, password });
  const now = ctx.now();
  const row = await ctx.db.kysely.transaction().execute(async (trx) => {
    // saves run one after the other (no second insert of system 1), and an anonymous save
    // that started while the setup was open cannot commit after the initial user closed it.
    const { open } = await lockSetupState(trx);
    if (!open && !(isLoggedIn(ctx.user) && hasWritePermission(ctx.user, "admin::manage_system"))) throw setupDoneError(ctx);
    const existing = await trx.selectFrom("systems").selectAll().where("id", "=", 1).executeTakeFirst();
    const row = existing
      ? await trx
          .updateTable("systems")
          .set({ ip, username, password, tcp_port: port, version, updated_at: now })
          .where("id", "=", 1)
          .returningAll()
          .executeTakeFirstOrThrow()
      : await trx
          .insertInto("systems")
          .values({ id: 1, name: "System 1", ip, username, password, tcp_port: port, version, created_at: now, updated_at: now })
          .returningAll()
          .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      systemId: 1,
      userId: ctx.user.id || null,
      now,
      entityType: "systemparams",
      entityId: 1,
      entityDisplayName: row.name,
      action: existing ? "updated" : "created",
      changes: [
        { field: "ip", value_old: existing?.ip ?? null, value_new: ip },
        { field: "username", value_old: existing?.username ?? null, value_new: username },
        { field: "password", value_old: existing ? "***" : null, value_new: "***" },
      ],
    });
    return row;
  });
  forgetSystemIds();
  forgetSystemVisibility();
  await ctx.links?.refresh();
  return row;
}

/**
 * Setup step 3's alternative: the bundled virtual call system. The server starts it on
 * loopback and stores it as system 1's configurator like any other controller.
 */
export async function useVirtualCallSystem(ctx: RequestContext): Promise<SystemRow> {
  if (!ctx.virtual) throw new AppError("CONFLICT", "the virtual call system is not available here", { reason: "no_virtual" });
  const address = await ctx.virtual.ensureRunning();
  return createInitialConfigurator(ctx, { ip: address.host, username: address.username, password: address.password }, address.port);
}

/**
 * "Setup completes when step 5 is confirmed." Claims the `finished` step and sets the
 * setup time, after which /setup sends visitors to login (spec: "Setup redirects to login when
 * setup time is set and no user"). Parallel calls: exactly one claims it, the others hear
 * "setup already done".
 */
export async function finishSetup(ctx: RequestContext): Promise<boolean> {
  const now = ctx.now();
  await ctx.db.kysely.transaction().execute(async (trx) => {
    if (!(await claimFinishedStep(trx, now))) throw setupDoneError(ctx);
    await updateAppState(trx, { setup_time: now }, now);
  });
  return true;
}
