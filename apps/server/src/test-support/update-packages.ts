import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { APP_ROOT } from "../modules/updates/releases.ts";
import type { TarEntry } from "../modules/updates/tar.ts";
import { buildUpdatePackage } from "../modules/updates/update-package.ts";

/** The development update key (the bundled public key's pair; production refuses it). */
export const DEV_UPDATE_KEY = readFileSync(join(APP_ROOT, "scripts/DEVELOPMENT-ONLY-update-private-key.pem"), "utf8");

/**
 * This repository's server code as a release payload (tests left out). A release unpacked inside
 * the repository finds the installed packages by walking up; a production payload carries its own.
 */
export function serverPayload(): TarEntry[] {
  const entries: TarEntry[] = [];
  const add = (path: string): void => {
    const name = relative(APP_ROOT, path);
    if (statSync(path).isDirectory()) {
      for (const child of readdirSync(path)) add(join(path, child));
    } else if (!name.endsWith(".test.ts")) {
      entries.push({ type: "file", name, content: readFileSync(path), mode: 0o644 });
    }
  };
  add(join(APP_ROOT, "package.json"));
  add(join(APP_ROOT, "apps/server/package.json"));
  add(join(APP_ROOT, "apps/server/src"));
  return entries;
}

/** A signed package of this server's code that says `version`. */
export function serverUpdatePackage(version: string): Buffer {
  return buildUpdatePackage({ version, payload: serverPayload(), privateKeyPem: DEV_UPDATE_KEY });
}
