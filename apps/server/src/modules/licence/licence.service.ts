import { licenceActivationInputSchema, fieldErrors, UNLICENSED, type Licence } from "@caresuite/domain";
import type { Kysely } from "kysely";
import type { Config } from "../../config.ts";
import type { RequestContext } from "../../context.ts";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../errors/app-error.ts";
import { writeAudit } from "../audit/audit.repo.ts";
import { decodeActivationCode } from "./licence-code.ts";
import { developmentLicenceKey, trustedLicenceKey } from "./licence-key.ts";
import { activeLicence } from "./licence.repo.ts";

/** The version a licence must be for (spec: "not a version 5 licence"). */
const PRODUCT_MAJOR = 5;

type ActivationFailure = "already activated" | "not a version 5 licence" | "licence not found" | "no licence key configured";

const activationFailed = (reason: ActivationFailure): AppError =>
  // spec §8: "licence messages starting 'activation failed: ' map to per-reason messages".
  new AppError(reason === "already activated" ? "CONFLICT" : "VALIDATION", `activation failed: ${reason}`, {
    reason: reason.replaceAll(" ", "_"),
  });

/** spec: "activateLicense(customer, code) returns id, name, features, limits". */
/** The licence in force (UNLICENSED defaults without one): the `licence` scope and the license query. */
export function currentLicence(ctx: RequestContext): Promise<Licence> {
  return activeLicence(ctx.db.kysely);
}

export async function activateLicence(ctx: RequestContext, input: { customer: string; code: string }): Promise<Licence> {
  const parsed = licenceActivationInputSchema.safeParse(input);
  if (!parsed.success) throw new AppError("VALIDATION", "Validation failed", { fields: fieldErrors(parsed.error) });
  const { customer, code } = parsed.data;
  const trusted = trustedLicenceKey(ctx.config);
  // The start-up log explains why (enforceLicenceKey); the answer names the reason.
  if (!trusted.key) throw activationFailed("no licence key configured");
  const decoded = decodeActivationCode(code, trusted.key);
  if (!decoded.ok || decoded.payload.customer.toLowerCase() !== customer.trim().toLowerCase()) {
    throw activationFailed("licence not found");
  }
  const payload = decoded.payload;
  if (payload.version !== PRODUCT_MAJOR) throw activationFailed("not a version 5 licence");
  const db = ctx.db.kysely;
  const current = await activeLicence(db);
  if (current.id === payload.licence_id) throw activationFailed("already activated");

  const now = ctx.now();
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("licences").set({ is_active: 0 }).where("is_active", "=", 1).execute();
    await trx
      .insertInto("licences")
      .values({
        licence_id: payload.licence_id,
        customer: payload.customer,
        name: payload.name,
        payload: JSON.stringify(payload),
        code,
        activated_at: now,
        is_active: 1,
      })
      .execute();
    await writeAudit(trx, {
      systemId: null,
      userId: ctx.user.id || null,
      now,
      entityType: "license",
      entityId: payload.licence_id,
      entityDisplayName: payload.name,
      action: "updated",
      changes: [{ field: "name", value_old: current.name, value_new: payload.name }],
    });
  });
  return activeLicence(db);
}

const REFUSED_KEY_LOG =
  "LICENCE: NODE_ENV=production refuses the bundled DEVELOPMENT licence key (its private key is public). " +
  "No licence can be activated until LICENCE_PUBLIC_KEY_FILE names the vendor's public key.";

/**
 * Start-up check of the licence key: development says loudly that it trusts the
 * development key; production refuses it and deactivates every active licence that the
 * development key signed, so such a licence neither activates nor stays active.
 */
/** The start-up log (the server passes its pino logger; services know no HTTP framework). */
export interface LicenceLog {
  warn(message: string): void;
  error(message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

export async function enforceLicenceKey(db: Kysely<Database>, config: Config, log: LicenceLog, now: number): Promise<void> {
  const trusted = trustedLicenceKey(config);
  if (!config.production) {
    if (trusted.development) {
      log.warn(
        "LICENCE: this server trusts the DEVELOPMENT licence key; anyone with the repository can sign licences for it. " +
          "Never run a site like this: set NODE_ENV=production and LICENCE_PUBLIC_KEY_FILE.",
      );
    }
    return;
  }
  if (!trusted.key) log.error(REFUSED_KEY_LOG);
  const active = await db.selectFrom("licences").select(["id", "licence_id", "name", "code"]).where("is_active", "=", 1).execute();
  const signedForDevelopment = active.filter((row) => decodeActivationCode(row.code, developmentLicenceKey()).ok);
  if (signedForDevelopment.length === 0) return;
  await db.transaction().execute(async (trx) => {
    for (const row of signedForDevelopment) {
      await trx.updateTable("licences").set({ is_active: 0 }).where("id", "=", row.id).execute();
      await writeAudit(trx, {
        systemId: null,
        userId: null,
        now,
        entityType: "license",
        entityId: row.licence_id,
        entityDisplayName: row.name,
        action: "updated",
        meta: { reason: "development_key_refused" },
        changes: [{ field: "name", value_old: row.name, value_new: UNLICENSED.name }],
      });
    }
  });
  for (const row of signedForDevelopment) {
    log.error({ licence_id: row.licence_id }, `LICENCE: deactivated "${row.name}": it was signed with the development key, which production refuses`);
  }
}
