import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join, resolve, sep } from "node:path";

/**
 * Uploaded files under DATA_DIR/uploads. A stored file is named by the server only
 * (`<area>/<system>/<uuid>.<ext>`): a user's file name never becomes part of a path. Records keep
 * this relative path; everything that reads one checks its shape before touching the disk.
 */

/** `maps/1/3f0c…-….png`: area, system, uuid, extension. Nothing else is a stored path. */
const STORED_PATH = /^[a-z]+\/\d{1,3}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{2,4}$/;

function uploadsRoot(dataDir: string): string {
  return resolve(dataDir, "uploads");
}

/** The absolute path of a stored file, or null when `relative` is not one the server wrote. */
export function storedFilePath(dataDir: string, relative: string): string | null {
  if (!STORED_PATH.test(relative)) return null;
  const root = uploadsRoot(dataDir);
  const path = resolve(root, relative);
  return path.startsWith(root + sep) ? path : null;
}

/** The extension of a stored path ("png"), or null. */
export function storedExtension(relative: string): string | null {
  return STORED_PATH.test(relative) ? (relative.split(".").pop() ?? null) : null;
}

/** Writes content under a new server-chosen name; returns its relative path. */
export async function storeFile(dataDir: string, area: string, systemId: number, extension: string, content: Uint8Array): Promise<string> {
  const relative = `${area}/${systemId}/${randomUUID()}.${extension}`;
  const path = storedFilePath(dataDir, relative);
  if (!path) throw new Error(`not a storable path: ${relative}`);
  await mkdir(join(path, ".."), { recursive: true });
  // Written aside, flushed, then renamed: a crash leaves no half file under the real name.
  const temporary = `${path}.part`;
  await writeFile(temporary, content, { flush: true });
  await rename(temporary, path);
  return relative;
}

/** Removes a stored file; a missing one or a path the server did not write is ignored. */
export async function removeStoredFile(dataDir: string, relative: unknown): Promise<void> {
  if (typeof relative !== "string") return;
  const path = storedFilePath(dataDir, relative);
  if (path) await rm(path, { force: true });
}

/** The content of a stored file, or null when it is missing. */
export async function readStoredFile(dataDir: string, relative: string): Promise<Buffer | null> {
  const path = storedFilePath(dataDir, relative);
  if (!path) return null;
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

export type ReadUpload =
  | { ok: true; name: string; type: string; content: Buffer; size: number }
  /** The multipart layer cut the file at its limit, or the size passed `maxBytes`. */
  | { ok: false; reason: "too_big"; size: number }
  /** No file, a broken request, or a stream that failed. */
  | { ok: false; reason: "unreadable" };

/** The multipart layer (http/multipart.ts) rejects a file over a request limit with status 413. */
const isTooBig = (error: unknown): boolean => {
  const status = error as { status?: number; statusCode?: number } | null;
  return status?.statusCode === 413 || status?.status === 413;
};

/**
 * What a service reads of an uploaded file: the transport (GraphQL multipart, http/multipart.ts)
 * hands over its own upload object, which has these members.
 */
export interface UploadedFile {
  filename: string;
  mimetype: string;
  createReadStream(): NodeJS.ReadableStream;
}

/**
 * Reads an upload into memory, keeping at most `maxBytes + 1` bytes (enough to know it is too
 * big). The whole stream is always consumed: an unread file part would stall the request.
 */
export async function readUpload(upload: Promise<UploadedFile> | UploadedFile, maxBytes: number): Promise<ReadUpload> {
  let file: UploadedFile;
  let stream: NodeJS.ReadableStream;
  try {
    file = await upload;
    stream = file.createReadStream();
  } catch (error) {
    return isTooBig(error) ? { ok: false, reason: "too_big", size: maxBytes + 1 } : { ok: false, reason: "unreadable" };
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      const buffer = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      size += buffer.length;
      if (size <= maxBytes + 1) chunks.push(buffer);
    }
  } catch (error) {
    return isTooBig(error) ? { ok: false, reason: "too_big", size } : { ok: false, reason: "unreadable" };
  }
  // busboy marks a file it cut at the multipart limit.
  if ((stream as { truncated?: boolean }).truncated === true || size > maxBytes) return { ok: false, reason: "too_big", size };
  return { ok: true, name: file.filename, type: file.mimetype, content: Buffer.concat(chunks), size };
}
