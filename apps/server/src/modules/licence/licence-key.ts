import type { KeyObject } from "node:crypto";
import type { Config } from "../../config.ts";
import { BUNDLED_PUBLIC_KEY_FILE, loadPublicKey } from "./licence-code.ts";

/**
 * Which public key verifies activation codes (docs/decisions/011-dev-licence-key-and-child-lifetime.md).
 * The bundled key is the development key: its private half is committed (scripts/), so anyone can
 * sign licences for it. Development trusts it and says so; production never trusts it, whichever
 * file it is loaded from (it is recognised by its bytes, not its path).
 */
export interface TrustedLicenceKey {
  /** The key that verifies codes; null when production refuses the development key. */
  key: KeyObject | null;
  /** The configured key is the development key (trusted in development, refused in production). */
  development: boolean;
}

type KeyConfig = Pick<Config, "LICENCE_PUBLIC_KEY_FILE" | "production">;

const loaded = new Map<string, KeyObject>();

/** Keys are read once per file: the configuration is fixed for the life of the process. */
function keyFrom(file: string | URL): KeyObject {
  const id = String(file);
  let key = loaded.get(id);
  if (!key) {
    key = loadPublicKey(file);
    loaded.set(id, key);
  }
  return key;
}

export function developmentLicenceKey(): KeyObject {
  return keyFrom(BUNDLED_PUBLIC_KEY_FILE);
}

export function isDevelopmentLicenceKey(key: KeyObject): boolean {
  return developmentLicenceKey().equals(key);
}

export function trustedLicenceKey(config: KeyConfig): TrustedLicenceKey {
  const key = keyFrom(config.LICENCE_PUBLIC_KEY_FILE ?? BUNDLED_PUBLIC_KEY_FILE);
  const development = isDevelopmentLicenceKey(key);
  return { key: development && config.production ? null : key, development };
}

/** The server runs with the development key: the footer and the start-up log say so. */
export function runsWithDevelopmentKey(config: KeyConfig): boolean {
  const trusted = trustedLicenceKey(config);
  return trusted.development && trusted.key !== null;
}
