import {
  existsSync,
  mkdirSync,
  type Dirent,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  symlinkSync,
  openSync,
  fsyncSync,
  closeSync,
} from "node:fs";
import { dirname, isAbsolute, join, normalize, relative, resolve, sep } from "node:path";
import { randomUUID } from "node:crypto";
import { PRODUCT_VERSION, UPDATE_STATES, UPDATE_VERSION_PATTERN, type UpdateRecord } from "@caresuite/domain";
import type { TarEntry } from "./tar.ts";

/**
 * Releases on disk (docs/decisions/043-signed-updates.md):
 *   DATA_DIR/releases/<version>/   an unpacked application tree, with release.json
 *   DATA_DIR/releases/current      the version the supervisor starts (absent: the installed one)
 *   DATA_DIR/releases/update.json  the last update: state, versions, start, error, failed starts
 * Only the filesystem: the supervisor (supervisor.ts) reads and writes the same files without a
 * database connection. One server instance per DATA_DIR.
 */

/** The record the supervisor and the server share: the domain's plus what a rollback needs. */
export interface StoredUpdate extends UpdateRecord {
  /** The release that ran before the update (null: the installed application). */
  from_release: string | null;
  /** Starts of the new release that ended before it was up (the supervisor counts them). */
  failed_starts: number;
  /** Release folders removed after the update's successful start (pruneReleases). */
  removed_releases?: string[];
}

/** The application folder this code runs from (apps/server/src/modules/updates → four up). */
export const APP_ROOT = resolve(import.meta.dirname, "../../../../..");

export const releasesDir = (dataDir: string): string => resolve(dataDir, "releases");
export const releaseDir = (dataDir: string, version: string): string => join(releasesDir(dataDir), version);
const pointerFile = (dataDir: string): string => join(releasesDir(dataDir), "current");
const recordFile = (dataDir: string): string => join(releasesDir(dataDir), "update.json");

/** Writes aside, flushes, renames: readers see the old or the new content, never half of it. */
function writeAtomically(path: string, content: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${randomUUID()}.tmp`;
  writeFileSync(temporary, content, { flush: true });
  renameSync(temporary, path);
  const folder = openSync(dirname(path), "r");
  try {
    fsyncSync(folder);
  } finally {
    closeSync(folder);
  }
}

/**
 * The version this process runs: the `release.json` an update wrote into its application folder,
 * else the product version it was built as. The X-CS-Version header and the restart message say it.
 */
export function runningVersion(appRoot: string = APP_ROOT): string {
  try {
    const release = JSON.parse(readFileSync(join(appRoot, "release.json"), "utf8")) as { version?: unknown };
    if (typeof release.version === "string" && UPDATE_VERSION_PATTERN.test(release.version)) return release.version;
  } catch {
    // not a staged release: the installed application
  }
  return PRODUCT_VERSION;
}

/** The release the supervisor starts, or null for the installed application. */
export function currentRelease(dataDir: string): string | null {
  try {
    const version = readFileSync(pointerFile(dataDir), "utf8").trim();
    return UPDATE_VERSION_PATTERN.test(version) && existsSync(join(releaseDir(dataDir, version), "apps/server/src/main.ts")) ? version : null;
  } catch {
    return null;
  }
}

/** Switches the pointer (null: back to the installed application). */
export function switchRelease(dataDir: string, version: string | null): void {
  if (version === null) rmSync(pointerFile(dataDir), { force: true });
  else writeAtomically(pointerFile(dataDir), `${version}\n`);
}

/** The server entry point the supervisor runs. */
export function entryPoint(dataDir: string, installedRoot: string = APP_ROOT): { root: string; entry: string } {
  const release = currentRelease(dataDir);
  const root = release ? releaseDir(dataDir, release) : installedRoot;
  return { root, entry: join(root, "apps/server/src/main.ts") };
}

export function readUpdate(dataDir: string): StoredUpdate | null {
  try {
    const record = JSON.parse(readFileSync(recordFile(dataDir), "utf8")) as StoredUpdate;
    return (UPDATE_STATES as readonly string[]).includes(record.state) ? record : null;
  } catch {
    return null;
  }
}

export function writeUpdate(dataDir: string, record: StoredUpdate): void {
  writeAtomically(recordFile(dataDir), `${JSON.stringify(record, null, 2)}\n`);
}

/** Where an entry may go: inside `root`, by a relative name without `..`. */
function insidePath(root: string, name: string): string {
  const normalised = normalize(name);
  if (name === "" || isAbsolute(name) || normalised.split(sep).includes("..")) throw new Error(`unsafe path in payload: ${name}`);
  const path = resolve(root, normalised);
  if (path !== root && !path.startsWith(root + sep)) throw new Error(`unsafe path in payload: ${name}`);
  return path;
}

/**
 * Unpacks a verified payload into releases/<version>: first into a staging folder, then renamed
 * into place, so a release folder is always complete. Symbolic links must stay inside the tree
 * and are made last, so no file is ever written through one.
 */
export function stageRelease(dataDir: string, version: string, payload: readonly TarEntry[], createdAt: string): string {
  if (!UPDATE_VERSION_PATTERN.test(version)) throw new Error(`not a release version: ${version}`);
  const staging = join(releasesDir(dataDir), `.staging-${randomUUID()}`);
  mkdirSync(staging, { recursive: true });
  try {
    const links: { path: string; target: string }[] = [];
    for (const entry of payload) {
      const path = insidePath(staging, entry.name);
      if (entry.type === "directory") mkdirSync(path, { recursive: true });
      else if (entry.type === "file") {
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, entry.content, { mode: entry.mode & 0o755 });
      } else {
        if (isAbsolute(entry.target)) throw new Error(`absolute link in payload: ${entry.name}`);
        insidePath(staging, join(dirname(entry.name), entry.target));
        links.push({ path, target: entry.target });
      }
    }
    for (const link of links) {
      mkdirSync(dirname(link.path), { recursive: true });
      symlinkSync(link.target, link.path);
    }
    if (!existsSync(join(staging, "apps/server/src/main.ts"))) throw new Error("payload has no apps/server/src/main.ts");
    writeFileSync(join(staging, "release.json"), `${JSON.stringify({ version, created_at: createdAt })}\n`, { flush: true });
    const target = releaseDir(dataDir, version);
    rmSync(target, { recursive: true, force: true });
    renameSync(staging, target);
    return target;
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}

/** A staging folder this old is what an upload that died left behind (an upload stages in seconds). */
export const STALE_STAGING_MS = 3_600_000;

/** The release folder the given application root is, when it is one of DATA_DIR/releases. */
function releaseOfRoot(dataDir: string, appRoot: string): string | null {
  const inside = relative(releasesDir(dataDir), resolve(appRoot));
  const name = inside.split(sep)[0] ?? "";
  return inside !== "" && !inside.startsWith("..") && !isAbsolute(inside) && UPDATE_VERSION_PATTERN.test(name) ? name : null;
}

/**
 * Removes the release folders nobody needs any more, after a successful start
 * (docs/decisions/043-signed-updates.md): kept are the versions in `keep` (the running release and
 * its rollback target, an uploaded one waiting to be installed), the release the pointer names and
 * the one this code runs from, whatever `keep` says. Staging folders go only when stale (an upload
 * may be unpacking right now). Anything else in releases/ (the pointer, the record) is left alone.
 * Never throws: a folder that cannot be removed stays until the next update. Returns what went.
 */
export function pruneReleases(dataDir: string, keep: readonly (string | null)[], options: { now?: number; appRoot?: string } = {}): string[] {
  const now = options.now ?? Date.now();
  const kept = new Set<string>(keep.filter((v): v is string => v !== null));
  const pointed = currentRelease(dataDir);
  if (pointed) kept.add(pointed);
  const running = releaseOfRoot(dataDir, options.appRoot ?? APP_ROOT);
  if (running) kept.add(running);
  let entries: Dirent[];
  try {
    entries = readdirSync(releasesDir(dataDir), { withFileTypes: true });
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory()) continue;
    const path = join(releasesDir(dataDir), entry.name);
    const release = UPDATE_VERSION_PATTERN.test(entry.name);
    try {
      if (release ? kept.has(entry.name) : !entry.name.startsWith(".staging-") || now - statSync(path).mtimeMs < STALE_STAGING_MS) continue;
      rmSync(path, { recursive: true, force: true });
      removed.push(entry.name);
    } catch {
      // Busy or not ours to remove: it stays; the next successful update tries again.
    }
  }
  return removed.sort();
}
