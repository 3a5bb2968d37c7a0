import { createRequire } from "node:module";
import type { IncomingHttpHeaders } from "node:http";
import type { Readable, Writable } from "node:stream";

/**
 * busboy 1.6 (CommonJS, ships no types) with the types http/multipart.ts uses. Loaded through
 * require so every TypeScript program that reaches this file (server, e2e, bench) sees the types
 * without an ambient declaration file.
 */

export interface BusboyLimits {
  fieldSize?: number;
  fields?: number;
  fileSize?: number;
  files?: number;
  parts?: number;
  headerPairs?: number;
}

export interface BusboyConfig {
  headers: IncomingHttpHeaders;
  limits?: BusboyLimits;
  defParamCharset?: string;
}

export interface FieldInfo {
  valueTruncated: boolean;
  encoding: string;
  mimeType: string;
}

export interface FileInfo {
  filename: string | undefined;
  encoding: string;
  mimeType: string;
}

/** A file part: `truncated` is set once the fileSize limit cut it. */
export type FileStream = Readable & { truncated?: boolean };

interface BusboyEvents {
  on(event: "field", listener: (name: string, value: string, info: FieldInfo) => void): Busboy;
  on(event: "file", listener: (name: string, stream: FileStream, info: FileInfo) => void): Busboy;
  on(event: "partsLimit" | "filesLimit" | "fieldsLimit" | "close" | "finish", listener: () => void): Busboy;
  on(event: "error", listener: (error: Error) => void): Busboy;
}

/** The parser: a Writable the request is piped into, with busboy's events first. */
export type Busboy = BusboyEvents & Writable;

/** Throws synchronously on a malformed content type (no boundary). */
export const busboy = createRequire(import.meta.url)("busboy") as (config: BusboyConfig) => Busboy;
