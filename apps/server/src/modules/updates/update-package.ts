import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from "node:crypto";
import { readFileSync } from "node:fs";
import { gunzipSync, gzipSync } from "node:zlib";
import { updateManifestSchema, type UpdateManifest } from "@caresuite/domain";
import { readTar, writeTar, type TarEntry } from "./tar.ts";

/**
 * Update packages (docs/decisions/043-signed-updates.md): a tar of three files, in this order:
 *   manifest.json    {format, product, version, created_at, payload_sha256, payload_bytes}
 *   manifest.sig     Ed25519 signature over the bytes of manifest.json, base64url
 *   payload.tar.gz   the application tree (package.json, apps/, packages/, node_modules/, ...)
 * Like licence codes, the server ships only the public key; the signature covers the manifest and
 * the manifest the payload's hash, so one changed byte anywhere fails the check.
 */

export const MANIFEST_FILE = "manifest.json";
export const SIGNATURE_FILE = "manifest.sig";
export const PAYLOAD_FILE = "payload.tar.gz";

/** The bundled development key (its private half is in scripts/, like the licence key's). */
export const BUNDLED_UPDATE_KEY_FILE = new URL("./update-public-key.pem", import.meta.url);

export function loadUpdateKey(file?: string | URL): KeyObject {
  return createPublicKey(readFileSync(file ?? BUNDLED_UPDATE_KEY_FILE));
}

/** Why a package was refused; each reason is a translated message (`updates.<reason>`). */
export type PackageRefusal = "not_a_package" | "unsigned" | "bad_signature" | "bad_manifest" | "payload_mismatch";

export type VerifiedPackage = { ok: true; manifest: UpdateManifest; payload: TarEntry[] } | { ok: false; reason: PackageRefusal };

const sha256 = (bytes: Buffer): string => createHash("sha256").update(bytes).digest("hex");

/**
 * Checks a package before anything is written: its shape, the signature of the manifest with
 * `publicKey`, the manifest's fields, then the payload's size and hash, and that the payload is a
 * readable tar. Nothing in an unsigned or tampered package is ever unpacked.
 */
export function verifyUpdatePackage(bytes: Buffer, publicKey: KeyObject): VerifiedPackage {
  let files: Map<string, Buffer>;
  try {
    files = new Map(
      readTar(bytes)
        .filter((entry) => entry.type === "file")
        .map((entry) => [entry.name, entry.content]),
    );
  } catch {
    return { ok: false, reason: "not_a_package" };
  }
  const manifestBytes = files.get(MANIFEST_FILE);
  const payloadBytes = files.get(PAYLOAD_FILE);
  if (!manifestBytes || !payloadBytes) return { ok: false, reason: "not_a_package" };
  const signatureText = files.get(SIGNATURE_FILE)?.toString("ascii").trim();
  if (!signatureText) return { ok: false, reason: "unsigned" };
  const signature = Buffer.from(signatureText, "base64url");
  if (signature.length !== 64 || !verify(null, manifestBytes, publicKey, signature)) return { ok: false, reason: "bad_signature" };
  let manifest: UpdateManifest;
  try {
    const parsed = updateManifestSchema.safeParse(JSON.parse(manifestBytes.toString("utf8")));
    if (!parsed.success) return { ok: false, reason: "bad_manifest" };
    manifest = parsed.data;
  } catch {
    return { ok: false, reason: "bad_manifest" };
  }
  if (payloadBytes.length !== manifest.payload_bytes || sha256(payloadBytes) !== manifest.payload_sha256) {
    return { ok: false, reason: "payload_mismatch" };
  }
  try {
    return { ok: true, manifest, payload: readTar(gunzipSync(payloadBytes)) };
  } catch {
    return { ok: false, reason: "payload_mismatch" };
  }
}

/** Builds a signed package (scripts/update-package.ts and tests). */
export function buildUpdatePackage(options: { version: string; payload: readonly TarEntry[]; privateKeyPem: string; createdAt?: Date }): Buffer {
  const payload = gzipSync(writeTar(options.payload));
  const manifest: UpdateManifest = {
    format: 1,
    product: "CareSuite",
    version: options.version,
    created_at: (options.createdAt ?? new Date()).toISOString(),
    payload_sha256: sha256(payload),
    payload_bytes: payload.length,
  };
  const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2), "utf8");
  const signature = sign(null, manifestBytes, createPrivateKey(options.privateKeyPem)).toString("base64url");
  return writeTar([
    { type: "file", name: MANIFEST_FILE, content: manifestBytes, mode: 0o644 },
    { type: "file", name: SIGNATURE_FILE, content: Buffer.from(signature, "ascii"), mode: 0o644 },
    { type: "file", name: PAYLOAD_FILE, content: payload, mode: 0o644 },
  ]);
}
