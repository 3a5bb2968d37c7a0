import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from "node:crypto";
import { readFileSync } from "node:fs";
import { licencePayloadSchema } from "@caresuite/domain";
import type { z } from "zod";

/**
 * Offline activation codes: `<payload>.<signature>`, both base64url; the payload is the licence
 * as JSON, the signature Ed25519 over the payload's bytes. The server ships only the public key.
 */
export type LicencePayload = z.infer<typeof licencePayloadSchema>;

export const BUNDLED_PUBLIC_KEY_FILE = new URL("./licence-public-key.pem", import.meta.url);

export function loadPublicKey(file?: string | URL): KeyObject {
  return createPublicKey(readFileSync(file ?? BUNDLED_PUBLIC_KEY_FILE));
}

export type DecodeResult = { ok: true; payload: LicencePayload } | { ok: false };

/** Verifies the signature and shape; anything else (garbage, tampering, wrong key) is `ok: false`. */
export function decodeActivationCode(code: string, publicKey: KeyObject): DecodeResult {
  const [payloadPart, signaturePart, extra] = code.trim().split(".");
  if (!payloadPart || !signaturePart || extra !== undefined) return { ok: false };
  const payloadBytes = Buffer.from(payloadPart, "base64url");
  const signature = Buffer.from(signaturePart, "base64url");
  if (signature.length !== 64 || !verify(null, payloadBytes, publicKey, signature)) return { ok: false };
  try {
    const parsed = licencePayloadSchema.safeParse(JSON.parse(payloadBytes.toString("utf8")));
    return parsed.success ? { ok: true, payload: parsed.data } : { ok: false };
  } catch {
    return { ok: false };
  }
}

/** Signs a payload (used by `npm run licence:issue` and by tests). */
export function encodeActivationCode(payload: unknown, privateKeyPem: string): string {
  const key = createPrivateKey(privateKeyPem);
  const bytes = Buffer.from(JSON.stringify(payload), "utf8");
  return `${bytes.toString("base64url")}.${sign(null, bytes, key).toString("base64url")}`;
}
