import { licenceActivationInputSchema, fieldErrors, type Licence } from "@caresuite/domain";
import type { RequestContext } from "../../context.ts";
import { AppError } from "../../graphql/errors.ts";
import { writeAudit } from "../audit/audit.repo.ts";
import { decodeActivationCode, loadPublicKey } from "./licence-code.ts";
import { activeLicence } from "./licence.repo.ts";

/** The version a licence must be for (spec: "not a version 5 licence"). */
const PRODUCT_MAJOR = 5;

const activationFailed = (reason: "already activated" | "not a version 5 licence" | "licence not found"): AppError =>
  // spec §8: "licence messages starting 'activation failed: ' map to per-reason messages".
  new AppError(reason === "already activated" ? "CONFLICT" : "VALIDATION", `activation failed: ${reason}`, {
    reason: reason.replaceAll(" ", "_"),
  });

/** spec: "activateLicense(customer, code) returns id, name, features, limits". */
export async function activateLicence(ctx: RequestContext, input: { customer: string; code: string }): Promise<Licence> {
  const parsed = licenceActivationInputSchema.safeParse(input);
  if (!parsed.success) throw new AppError("VALIDATION", "Validation failed", { fields: fieldErrors(parsed.error) });
  const { customer, code } = parsed.data;
  const decoded = decodeActivationCode(code, loadPublicKey(ctx.config.LICENCE_PUBLIC_KEY_FILE));
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
