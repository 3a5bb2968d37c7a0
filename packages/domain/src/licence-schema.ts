import { z } from "zod";
import { VALIDATION_KEYS, requiredString } from "./validation-messages.ts";

// The licence's zod schemas live apart from licence.ts: the web's first chunk uses the licence
// rules (isLicensed) on every page, and a schema built at module level would pull zod into it.

const count = z.number().int().nonnegative();

/**
 * The signed payload inside an activation code. `customer` is the licence number the user
 * types (max 6 characters); the server checks it equals the typed one and that `version` is 5.
 * Limits are counts (0 = none).
 */
export const licencePayloadSchema = z.object({
  licence_id: z.number().int().positive(),
  customer: z.string().min(1).max(6),
  name: z.string(),
  version: z.number().int(),
  features: z.object({ analytics: z.boolean(), log: z.boolean(), management: z.boolean() }),
  limits: z.object({ devices: count, visuals: count, app_clients: count, systems: count }),
  issued_at: z.iso.datetime({ offset: true }),
});

/** The decoded, validated activation-code payload. */
export type LicencePayload = z.infer<typeof licencePayloadSchema>;

/** spec: "Licence number max 6 characters; activation code required." */
export const licenceActivationInputSchema = z.object({
  customer: requiredString().max(6, { error: VALIDATION_KEYS.max_length }),
  code: requiredString(),
});

/** Input of `activateLicense(customer, code)`. */
export type LicenceActivationInput = z.infer<typeof licenceActivationInputSchema>;
