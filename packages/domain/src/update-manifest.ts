import { z } from "zod";
import { UPDATE_VERSION_PATTERN } from "./rules/update.ts";

/**
 * The manifest of an update package (docs/decisions/043-signed-updates.md): signed with Ed25519,
 * it names the version and the SHA-256 of the payload, so the signature covers the whole package.
 */
export const updateManifestSchema = z.strictObject({
  format: z.literal(1),
  product: z.literal("CareSuite"),
  version: z.string().regex(UPDATE_VERSION_PATTERN),
  created_at: z.iso.datetime(),
  payload_sha256: z.string().regex(/^[0-9a-f]{64}$/),
  payload_bytes: z.number().int().positive(),
});

export type UpdateManifest = z.infer<typeof updateManifestSchema>;
