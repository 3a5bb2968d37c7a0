import type { IncomingHttpHeaders } from "node:http";
import { Readable } from "node:stream";
import { busboy, type Busboy, type FileStream } from "./busboy.ts";
import { Upload, type FileUpload } from "graphql-upload-minimal";
import { hasUnsafeCharacters } from "@caresuite/domain";
import { uploadOperationOf } from "../graphql/upload-operation.ts";
import { HttpClientError } from "./client-error.ts";

/**
 * A GraphQL multipart request (https://github.com/jaydenseric/graphql-multipart-request-spec)
 * read with busboy, written for hostile input: every error of the parser, the request
 * and the file streams lands in one idempotent `fail`, so none is ever unhandled (the library we
 * used before re-emitted busboy's second error with no listener and Node exited), and reading
 * stops at the first problem. The operation is checked (uploadOperationOf) before any file part
 * is read; files only go to its Upload variables.
 */

export interface MultipartLimits {
  /** Bytes of the `operations` and `map` parts each. */
  fieldBytes: number;
  /** Bytes per file; a longer file is cut and marked `truncated` (the resolver says too big). */
  fileBytes: number;
  files: number;
  /** Bytes of the whole body: reading stops there (413). */
  totalBytes: number;
  /** A body that sends nothing for this long is given up (408): a client may declare more than it sends. */
  idleMs: number;
  /**
   * Larger limits for the operations that need them (an update package), chosen once the
   * `operations` part names the mutation: every other upload keeps the small limits above.
   */
  large?: { operation: RegExp; fileBytes: number; totalBytes: number };
}

export interface MultipartRequest {
  /**
   * The GraphQL request with Upload values in the mapped variables, once the whole body was read
   * (so no body error can surface mid-execution); rejects with HttpClientError.
   */
  operations: Promise<Record<string, unknown>>;
}

type PendingUpload = Upload & { resolve(file: FileUpload): void; reject(error: Error): void };

const MAP_PATH = /^variables\.([_A-Za-z][_0-9A-Za-z]*)(?:\.(\d{1,4}))?$/;
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const ignore = (): void => undefined;

function parseJson(text: string, part: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpClientError(400, `The '${part}' part is not valid JSON.`);
  }
}

/** Puts the uploads of a `map` part into the operation's Upload variables; throws on any other path. */
function applyMap(
  operations: Record<string, unknown>,
  uploadVariables: ReadonlySet<string>,
  map: unknown,
  limits: MultipartLimits,
): Map<string, PendingUpload> {
  if (!isRecord(map)) throw new HttpClientError(400, "The 'map' part must be an object.");
  const entries = Object.entries(map);
  if (entries.length > limits.files) throw new HttpClientError(413, `At most ${limits.files} files per request.`);
  const variables = isRecord(operations["variables"]) ? operations["variables"] : {};
  operations["variables"] = variables;
  const uploads = new Map<string, PendingUpload>();
  for (const [key, paths] of entries) {
    if (!Array.isArray(paths) || paths.length === 0 || paths.length > limits.files) {
      throw new HttpClientError(400, `The 'map' entry '${key}' must list the variables of its file.`);
    }
    const upload = new Upload() as PendingUpload;
    uploads.set(key, upload);
    for (const path of paths) {
      const match = typeof path === "string" ? MAP_PATH.exec(path) : null;
      const name = match?.[1];
      if (!match || !name || name.startsWith("__") || !uploadVariables.has(name)) {
        throw new HttpClientError(400, `The 'map' entry '${key}' points to ${JSON.stringify(path)}, not an Upload variable of the operation.`);
      }
      const index = match[2];
      if (index === undefined) {
        variables[name] = upload;
        continue;
      }
      const list = variables[name];
      if (!Array.isArray(list) || Number(index) >= list.length) {
        throw new HttpClientError(400, `The 'map' entry '${key}' points to ${path}, which the variables do not hold.`);
      }
      list[Number(index)] = upload;
    }
  }
  return uploads;
}

/** A read file: the resolver gets a stream over it, marked `truncated` when the limit cut it. */
function fileUpload(name: string, filename: string, info: { mimeType: string; encoding: string }, content: Buffer, truncated: boolean): FileUpload {
  let taken = false;
  return {
    fieldName: name,
    filename,
    mimetype: info.mimeType,
    encoding: info.encoding,
    createReadStream: () => {
      if (taken) throw new HttpClientError(400, "A file may be read once.");
      taken = true;
      const stream = Object.assign(Readable.from([content]), { truncated });
      // The resolver only iterates the stream; FileUpload's type names fs.ReadStream.
      return stream as unknown as ReturnType<FileUpload["createReadStream"]>;
    },
  };
}

/**
 * Reads a multipart body to its end, within the limits; nothing of it is read before this call.
 * Files are kept in memory (at most files x fileBytes): the resolvers read them whole anyway.
 */
export function readMultipart(body: Readable, headers: IncomingHttpHeaders, limits: MultipartLimits): MultipartRequest {
  let resolveOperations: (operations: Record<string, unknown>) => void = ignore;
  let rejectOperations: (error: Error) => void = ignore;
  const operationsPromise = new Promise<Record<string, unknown>>((resolve, reject) => {
    resolveOperations = resolve;
    rejectOperations = reject;
  });

  let failed: Error | null = null;
  let received = 0;
  // Until the operations part names the mutation, the larger total (it comes first, and is at most
  // fieldBytes); then the operation's own, checked at once against what already arrived.
  let totalBytes = Math.max(limits.totalBytes, limits.large?.totalBytes ?? 0);
  let fileBytes = limits.fileBytes;
  let operations: Record<string, unknown> | null = null;
  let uploadVariables: ReadonlySet<string> = new Set();
  let uploads: Map<string, PendingUpload> | null = null;
  const files = new Map<string, FileUpload>();
  const fileStreams = new Set<FileStream>();
  let parser: Busboy | null = null;

  let idle: NodeJS.Timeout | undefined;
  const watchIdle = (): void => {
    clearTimeout(idle);
    idle = setTimeout(() => fail(new HttpClientError(408, `The upload stalled: no data for ${limits.idleMs / 1000} s.`)), limits.idleMs);
  };
  const countBytes = (chunk: Buffer): void => {
    watchIdle();
    received += chunk.length;
    if (received > totalBytes) fail(new HttpClientError(413, `The request is larger than ${totalBytes} bytes.`));
  };

  function fail(error: Error): void {
    if (failed) return;
    clearTimeout(idle);
    const clientError = error instanceof HttpClientError ? error : new HttpClientError(400, `Malformed multipart request: ${error.message}.`);
    failed = clientError;
    rejectOperations(clientError);
    for (const stream of fileStreams) if (!stream.destroyed) stream.destroy(clientError);
    // Stop reading: the answer carries Connection: close, so the rest of the body is never read.
    body.removeListener("data", countBytes);
    if (parser) {
      body.unpipe(parser);
      parser.destroy();
    }
    body.pause();
  }

  // Listeners that stay for the life of the streams: busboy may emit a second error on destroy.
  body.on("error", fail);
  body.on("aborted", () => fail(new HttpClientError(400, "The request was cut off.")));
  try {
    parser = busboy({
      headers,
      defParamCharset: "utf8",
      limits: {
        fieldSize: limits.fieldBytes,
        fields: 2,
        fileSize: Math.max(limits.fileBytes, limits.large?.fileBytes ?? 0),
        files: limits.files,
        parts: limits.files + 2,
        headerPairs: 16,
      },
    });
  } catch {
    fail(new HttpClientError(400, "multipart/form-data needs a boundary."));
    return { operations: operationsPromise };
  }
  const active = parser;
  active.on("error", fail);
  active.on("fieldsLimit", () => fail(new HttpClientError(400, "Only the 'operations' and 'map' fields are allowed.")));
  active.on("filesLimit", () => fail(new HttpClientError(413, `At most ${limits.files} files per request.`)));
  active.on("partsLimit", () => fail(new HttpClientError(413, "Too many parts.")));

  active.on("field", (name, value, info) => {
    if (failed) return;
    try {
      if (info.valueTruncated) throw new HttpClientError(413, `The '${name}' part is larger than ${limits.fieldBytes} bytes.`);
      if (name === "operations" && !operations) {
        const parsed = parseJson(value, "operations");
        const checked = uploadOperationOf(parsed);
        if (!checked.ok) throw new HttpClientError(400, checked.message);
        operations = parsed as Record<string, unknown>;
        uploadVariables = checked.uploadVariables;
        const query = operations["query"];
        if (limits.large && typeof query === "string" && limits.large.operation.test(query)) {
          ({ fileBytes, totalBytes } = limits.large);
        } else {
          totalBytes = limits.totalBytes;
        }
        if (received > totalBytes) throw new HttpClientError(413, `The request is larger than ${totalBytes} bytes.`);
      } else if (name === "map" && operations && !uploads) {
        uploads = applyMap(operations, uploadVariables, parseJson(value, "map"), limits);
      } else {
        throw new HttpClientError(400, "Expected the parts 'operations', then 'map', then the files.");
      }
    } catch (error) {
      fail(error instanceof Error ? error : new Error(String(error)));
    }
  });

  active.on("file", (name, stream, info) => {
    stream.on("error", ignore);
    fileStreams.add(stream);
    stream.once("close", () => fileStreams.delete(stream));
    if (failed) return void stream.destroy(failed);
    if (!uploads) return fail(new HttpClientError(400, "Files must follow the 'map' part."));
    const filename = info.filename ?? "";
    if (hasUnsafeCharacters(filename) || hasUnsafeCharacters(info.mimeType)) {
      return fail(new HttpClientError(400, "File names may not contain control characters."));
    }
    if (!uploads.has(name) || files.has(name)) {
      // A part the map does not name: read and dropped, as the spec allows.
      stream.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    // Past this operation's limit the rest is read and dropped, and the file marked cut (too big).
    stream.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= fileBytes) chunks.push(chunk);
    });
    stream.once("end", () => {
      if (!failed) files.set(name, fileUpload(name, filename, info, Buffer.concat(chunks), stream.truncated === true || size > fileBytes));
    });
  });

  active.on("close", () => {
    clearTimeout(idle);
    if (failed) return;
    if (!operations) return fail(new HttpClientError(400, "The 'operations' part is missing."));
    if (!uploads) return fail(new HttpClientError(400, "The 'map' part is missing."));
    for (const [name, upload] of uploads) {
      const read = files.get(name);
      if (!read) return fail(new HttpClientError(400, `The file '${name}' named in 'map' is missing.`));
      upload.resolve(read);
    }
    resolveOperations(operations);
  });

  body.on("data", countBytes);
  watchIdle();
  body.pipe(active);
  return { operations: operationsPromise };
}
