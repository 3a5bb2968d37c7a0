import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { copyFile, mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";
import { BACKUP_FOLDER, compareBackupFolders, type BackupFailure } from "@caresuite/domain";
import { fsyncFolder } from "../../db/database.ts";

/**
 * The backup folders on disk (docs/decisions/041-backups.md): DATA_DIR/backups/<yyyy-MM-ddTHHmmZ>/
 * holding the database copy, the uploaded files, settings.json and, written last, manifest.json.
 * A backup is built in a `.partial-…` folder beside them and renamed into place only when its
 * manifest is written: a folder without a valid manifest is never listed, and partial folders
 * are removed at start.
 */

export const MANIFEST = "manifest.json";
export const MANIFEST_FORMAT = 1;
const PARTIAL_PREFIX = ".partial-";

export interface ManifestFile {
  path: string;
  size: number;
  sha256: string;
}

export interface BackupManifest {
  format: number;
  product_version: string;
  /** The last schema migration of the copied database (kysely_migration). */
  migration: string;
  dialect: "sqlite" | "postgres";
  created_at: string;
  trigger: "scheduled" | "manual";
  total_size: number;
  files: ManifestFile[];
}

/** A failure with the reason the API sends (`backups.error.<reason>` on the web). */
export class BackupError extends Error {
  readonly reason: BackupFailure;
  constructor(reason: BackupFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "BackupError";
    this.reason = reason;
  }
}

/** A file system error as the reason an administrator can act on: a full or unwritable destination. */
export function destinationFailure(error: unknown): BackupError {
  if (error instanceof BackupError) return error;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === "ENOSPC" || code === "EDQUOT" || code === "EFBIG")
    return new BackupError("destination_full", "the backup destination is full", { cause: error });
  if (code === "EACCES" || code === "EPERM" || code === "EROFS" || code === "ENOTDIR" || code === "EEXIST" || code === "EISDIR") {
    return new BackupError("destination_unwritable", "the backup destination cannot be written", { cause: error });
  }
  return new BackupError("internal", error instanceof Error ? error.message : String(error), { cause: error });
}

export const backupsRoot = (dataDir: string): string => resolve(dataDir, "backups");

/** The folder of a listed backup, or null for a name that is not one (no path ever comes from a user). */
export function backupFolderPath(dataDir: string, name: string): string | null {
  if (!BACKUP_FOLDER.test(name)) return null;
  const root = backupsRoot(dataDir);
  const path = resolve(root, name);
  return path.startsWith(root + sep) ? path : null;
}

/** The backups folder exists and takes a file; throws BackupError("destination_unwritable" | "destination_full"). */
export async function ensureDestination(dataDir: string): Promise<void> {
  const root = backupsRoot(dataDir);
  const probe = join(root, `${PARTIAL_PREFIX}probe-${process.pid}-${Math.random().toString(36).slice(2)}`);
  try {
    await mkdir(root, { recursive: true });
    await writeFile(probe, "ok", { flush: true });
    await rm(probe);
  } catch (error) {
    throw destinationFailure(error);
  }
}

/** A new partial folder to build a backup in. */
export async function createPartialFolder(dataDir: string, jobId: number): Promise<string> {
  const root = backupsRoot(dataDir);
  try {
    await mkdir(root, { recursive: true });
    const path = join(root, `${PARTIAL_PREFIX}${jobId}-${Date.now().toString(36)}`);
    await mkdir(path);
    // Find out now, not after minutes of copying, whether the destination takes a file.
    await writeFile(join(path, ".probe"), "ok", { flush: true });
    await rm(join(path, ".probe"));
    return path;
  } catch (error) {
    throw destinationFailure(error);
  }
}

/** Removes partial folders (a backup the process did not finish: killed, crashed, destination full). */
export async function removePartialFolders(dataDir: string): Promise<number> {
  let names: string[];
  try {
    names = await readdir(backupsRoot(dataDir));
  } catch {
    return 0;
  }
  const partial = names.filter((name) => name.startsWith(PARTIAL_PREFIX));
  for (const name of partial) await rm(join(backupsRoot(dataDir), name), { recursive: true, force: true });
  return partial.length;
}

/** sha256 (hex) of a file, streamed. */
export async function sha256File(path: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** Every regular file below `dir`, as paths relative to it ("/"-separated), sorted. */
export async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (current: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(current, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    for (const entry of entries) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) out.push(relative(dir, path).split(sep).join("/"));
    }
  };
  await walk(dir);
  return out.sort();
}

/** Copies a tree of files (the uploads), creating folders as needed; `.part` files (unfinished uploads) stay behind. */
export async function copyTree(from: string, to: string, onFile?: (bytes: number) => void): Promise<void> {
  for (const file of await listFiles(from)) {
    if (file.endsWith(".part")) continue;
    const target = join(to, file);
    await mkdir(join(target, ".."), { recursive: true });
    await copyFile(join(from, file), target);
    onFile?.((await stat(target)).size);
  }
}

/** Writes a file aside, flushed, then renames it: never a half file under the real name. */
export async function writeFileAtomic(path: string, content: string): Promise<void> {
  const temporary = `${path}.tmp`;
  await writeFile(temporary, content, { flush: true });
  await rename(temporary, path);
}

/** Flushes a finished file's data (copied files are not flushed by copyFile). */
export async function fsyncFile(path: string): Promise<void> {
  const handle = await open(path, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Finishes a backup: checksums of every file, the manifest written last, the folder renamed to
 * its final name (`name`, or `name-2`… when taken) and the rename flushed. Returns the final name.
 */
export async function sealBackup(
  partial: string,
  name: string,
  manifest: Omit<BackupManifest, "files" | "total_size">,
  onFile?: (done: number, total: number) => void,
): Promise<{ name: string; manifest: BackupManifest }> {
  try {
    const paths = await listFiles(partial);
    const files: ManifestFile[] = [];
    let index = 0;
    for (const path of paths) {
      const full = join(partial, path);
      await fsyncFile(full);
      files.push({ path, size: (await stat(full)).size, sha256: await sha256File(full) });
      onFile?.(++index, paths.length);
    }
    const complete: BackupManifest = { ...manifest, total_size: files.reduce((sum, f) => sum + f.size, 0), files };
    await writeFileAtomic(join(partial, MANIFEST), `${JSON.stringify(complete, null, 2)}\n`);
    fsyncFolder(partial);
    const root = dirname(partial);
    // After every backup of the same minute that still exists: names keep sorting by age.
    const suffixes = (await readdir(root))
      .filter((n) => n === name || n.startsWith(`${name}-`))
      .map((n) => (n === name ? 1 : Number(n.slice(name.length + 1)) || 1));
    const final = suffixes.length === 0 ? name : `${name}-${Math.max(...suffixes) + 1}`;
    await rename(partial, join(root, final));
    fsyncFolder(root);
    return { name: final, manifest: complete };
  } catch (error) {
    throw destinationFailure(error);
  }
}

const isManifest = (value: unknown): value is BackupManifest => {
  const m = value as Partial<BackupManifest> | null;
  return (
    typeof m === "object" &&
    m !== null &&
    m.format === MANIFEST_FORMAT &&
    typeof m.migration === "string" &&
    (m.dialect === "sqlite" || m.dialect === "postgres") &&
    typeof m.created_at === "string" &&
    Array.isArray(m.files) &&
    m.files.every((f) => typeof f?.path === "string" && typeof f.size === "number" && typeof f.sha256 === "string" && !f.path.split("/").includes(".."))
  );
};

/** The manifest of a backup folder, or null when it has none or it does not parse. */
export async function readManifest(folder: string): Promise<BackupManifest | null> {
  try {
    const parsed: unknown = JSON.parse(await readFile(join(folder, MANIFEST), "utf8"));
    return isManifest(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export interface ListedBackup {
  name: string;
  manifest: BackupManifest;
}

/** The good backups, newest first: folders with a backup's name and a valid manifest. */
export async function listBackups(dataDir: string): Promise<ListedBackup[]> {
  let names: string[];
  try {
    names = await readdir(backupsRoot(dataDir));
  } catch {
    return [];
  }
  const listed: ListedBackup[] = [];
  for (const name of names
    .filter((n) => BACKUP_FOLDER.test(n))
    .sort(compareBackupFolders)
    .reverse()) {
    const manifest = await readManifest(join(backupsRoot(dataDir), name));
    if (manifest) listed.push({ name, manifest });
  }
  return listed;
}

/**
 * Reads a backup back: every file of the manifest is there with its size and checksum. Throws
 * BackupError("corrupt") naming the first file that is not.
 */
export async function verifyChecksums(folder: string): Promise<BackupManifest> {
  const manifest = await readManifest(folder);
  if (!manifest) throw new BackupError("corrupt", "the backup has no valid manifest");
  for (const file of manifest.files) {
    const path = join(folder, file.path);
    let size: number;
    try {
      size = (await stat(path)).size;
    } catch {
      throw new BackupError("corrupt", `${file.path} is missing`);
    }
    if (size !== file.size || (await sha256File(path)) !== file.sha256) throw new BackupError("corrupt", `${file.path} does not match its checksum`);
  }
  return manifest;
}
