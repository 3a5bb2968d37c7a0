import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { copyFile, mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";
import { Worker } from "node:worker_threads";
import { BACKUP_FOLDER, compareBackupFolders, type BackupFailure } from "@caresuite/domain";

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
    // A full disk creates the file and refuses its bytes: the empty probe goes too.
    await rm(probe, { force: true }).catch(() => undefined);
    throw destinationFailure(error);
  }
}

/** A new partial folder to build a backup in. */
export async function createPartialFolder(dataDir: string, jobId: number): Promise<string> {
  const root = backupsRoot(dataDir);
  const path = join(root, `${PARTIAL_PREFIX}${jobId}-${Date.now().toString(36)}`);
  try {
    await mkdir(root, { recursive: true });
    await mkdir(path);
    // Find out now, not after minutes of copying, whether the destination takes a file.
    await writeFile(join(path, ".probe"), "ok", { flush: true });
    await rm(join(path, ".probe"));
    return path;
  } catch (error) {
    await rm(path, { recursive: true, force: true }).catch(() => undefined);
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

/**
 * Flushes a folder's entries (a rename, a new file) to disk. Asynchronous: a folder's fsync on a
 * disk busy with a backup's data can take long, and the server's event loop carries the calls.
 */
export async function fsyncFolderAsync(path: string): Promise<void> {
  const handle = await open(path, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * The file worker: flushes (when asked) and hashes files off the main thread. Hashing a backup
 * (hundreds of MB at a million calls) on the event loop would take its CPU in thousands of small
 * slices, every one of them in front of a call on its way to the boards.
 */
const FILE_WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
try { require("node:os").setPriority(10); } catch {}
const { createHash } = require("node:crypto");
const fs = require("node:fs");
const buffer = Buffer.allocUnsafe(1 << 20);
const out = [];
try {
  for (const path of workerData.paths) {
    const fd = fs.openSync(path, "r");
    try {
      if (workerData.fsync) fs.fsyncSync(fd);
      const hash = createHash("sha256");
      let size = 0;
      for (;;) {
        const n = fs.readSync(fd, buffer, 0, buffer.length, null);
        if (n === 0) break;
        hash.update(buffer.subarray(0, n));
        size += n;
      }
      out.push({ size, sha256: hash.digest("hex") });
    } finally {
      fs.closeSync(fd);
    }
    parentPort.postMessage({ progress: out.length });
  }
  parentPort.postMessage({ files: out });
} catch (error) {
  parentPort.postMessage({ error: { message: String(error && error.message), code: error && error.code, path: workerData.paths[out.length] } });
}
`;

/**
 * Size and sha256 of each file (in order), read in a worker thread; with `fsync` each file's
 * data is flushed first. Rejects with the file system error (its `code` kept).
 */
export function hashFiles(paths: string[], options: { fsync: boolean; onFile?: (done: number) => void }): Promise<{ size: number; sha256: string }[]> {
  if (paths.length === 0) return Promise.resolve([]);
  return new Promise((resolvePromise, reject) => {
    const worker = new Worker(FILE_WORKER, { eval: true, workerData: { paths, fsync: options.fsync } });
    let settled = false;
    worker.on(
      "message",
      (reply: { progress?: number; files?: { size: number; sha256: string }[]; error?: { message: string; code?: string; path?: string } }) => {
        if (reply.progress !== undefined) options.onFile?.(reply.progress);
        else {
          settled = true;
          if (reply.files) resolvePromise(reply.files);
          else reject(Object.assign(new Error(reply.error?.message ?? "file worker failed"), { code: reply.error?.code, path: reply.error?.path }));
          void worker.terminate();
        }
      },
    );
    worker.once("error", (error) => {
      settled = true;
      reject(error);
    });
    worker.once("exit", (code) => {
      if (!settled) reject(new Error(`file worker exited with ${code}`));
    });
  });
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
    const sums = await hashFiles(
      paths.map((path) => join(partial, path)),
      { fsync: true, onFile: (done) => onFile?.(done, paths.length) },
    );
    const files: ManifestFile[] = paths.map((path, index) => ({ path, size: sums[index]?.size ?? 0, sha256: sums[index]?.sha256 ?? "" }));
    const complete: BackupManifest = { ...manifest, total_size: files.reduce((sum, f) => sum + f.size, 0), files };
    await writeFileAtomic(join(partial, MANIFEST), `${JSON.stringify(complete, null, 2)}\n`);
    await fsyncFolderAsync(partial);
    const root = dirname(partial);
    // After every backup of the same minute that still exists: names keep sorting by age.
    const suffixes = (await readdir(root))
      .filter((n) => n === name || n.startsWith(`${name}-`))
      .map((n) => (n === name ? 1 : Number(n.slice(name.length + 1)) || 1));
    const final = suffixes.length === 0 ? name : `${name}-${Math.max(...suffixes) + 1}`;
    await rename(partial, join(root, final));
    await fsyncFolderAsync(root);
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
    let size: number;
    try {
      size = (await stat(join(folder, file.path))).size;
    } catch {
      throw new BackupError("corrupt", `${file.path} is missing`);
    }
    if (size !== file.size) throw new BackupError("corrupt", `${file.path} does not match its checksum`);
  }
  let sums: { size: number; sha256: string }[];
  try {
    sums = await hashFiles(
      manifest.files.map((file) => join(folder, file.path)),
      { fsync: false },
    );
  } catch (error) {
    throw new BackupError("corrupt", `a file of the backup does not read: ${error instanceof Error ? error.message : String(error)}`);
  }
  manifest.files.forEach((file, index) => {
    if (sums[index]?.size !== file.size || sums[index]?.sha256 !== file.sha256) throw new BackupError("corrupt", `${file.path} does not match its checksum`);
  });
  return manifest;
}
