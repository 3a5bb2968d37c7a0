// Builds a signed update package (docs/decisions/043-signed-updates.md) of an application folder,
// by default signed with the DEVELOPMENT update key in this folder. Such packages install only on
// servers that trust the bundled development key (never production): real packages are signed
// with the vendor's key, which is never in this repository.
//
//   npm ci --omit=dev && npm run build -w @caresuite/web      # in the folder to package
//   npm run update:package -- --version 5.442 [--from /path/to/app] [--key private.pem] [--out file]
//
// The version must be the one the application says (packages/domain/src/version.ts): browsers
// compare it with the server's X-CS-Version and reload until they match.
import { lstatSync, readFileSync, readdirSync, readlinkSync, writeFileSync } from "node:fs";
import { isAbsolute, join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { buildUpdatePackage } from "../apps/server/src/modules/updates/update-package.ts";
import type { TarEntry } from "../apps/server/src/modules/updates/tar.ts";

const { values } = parseArgs({
  options: {
    version: { type: "string" },
    from: { type: "string", default: resolve(import.meta.dirname, "..") },
    key: { type: "string", default: resolve(import.meta.dirname, "DEVELOPMENT-ONLY-update-private-key.pem") },
    out: { type: "string" },
  },
});
if (!values.version) {
  console.error("--version <e.g. 5.442> is required");
  process.exit(2);
}
const root = resolve(values.from);
/** Never part of a release: state, scratch space and version control. */
const SKIPPED = new Set([".git", "data", "tmp", "coverage", "test-results"]);

const entries: TarEntry[] = [];
function add(path: string): void {
  const name = relative(root, path);
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) {
    const target = readlinkSync(path);
    if (isAbsolute(target)) throw new Error(`absolute link: ${name} -> ${target}`);
    entries.push({ type: "symlink", name, target });
  } else if (stat.isDirectory()) {
    if (name !== "") entries.push({ type: "directory", name, mode: stat.mode });
    for (const child of readdirSync(path)) if (!(name === "" && SKIPPED.has(child))) add(join(path, child));
  } else if (stat.isFile()) {
    entries.push({ type: "file", name, content: readFileSync(path), mode: stat.mode });
  }
}
add(root);

const version = readFileSync(join(root, "packages/domain/src/version.ts"), "utf8").match(/PRODUCT_VERSION = "([^"]+)"/)?.[1];
if (version !== values.version) console.warn(`warning: the application says version ${version ?? "?"}, the package ${values.version}`);

const out = values.out ?? `caresuite-${values.version}.update`;
writeFileSync(out, buildUpdatePackage({ version: values.version, payload: entries, privateKeyPem: readFileSync(values.key, "utf8") }));
console.log(`${out}: ${entries.length} entries`);
