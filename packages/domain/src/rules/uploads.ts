import { FILE_SIZE_STEP, MAP_IMAGE_MAX_BYTES, SOUND_UPLOAD_MAX_BYTES } from "../constants.ts";
import { VALIDATION_KEYS, type ValidationKey } from "../validation-messages.ts";

/**
 * spec data §5 "Sound upload: MP3 or WAV, under 1 MB, file name only letters, digits, dot,
 * hyphen. Map image: max 5 MB." and §8 "Upload: could not be processed, too big."
 *
 * The format is read from the file's first bytes (its signature), never from the name or the
 * browser's MIME type: the server stores and serves what the content is. The web runs the same
 * rule before sending, on the first bytes it reads from the chosen file.
 */

/** What an upload is for. */
export type UploadKind = "sound" | "map_image";

/** Formats the uploads accept, by their content. */
export type UploadFormat = "mp3" | "wav" | "png" | "jpeg" | "svg";

export interface UploadFacts {
  /** The file name as the user's computer gave it (never used as a path). */
  name: string;
  size: number;
  /** The MIME type the browser declared (informational; the content decides). */
  type?: string;
  /** The first bytes of the content; SIGNATURE_BYTES are enough. Missing: not checked. */
  firstBytes?: Uint8Array;
}

export type UploadCheck =
  | { ok: true; format: UploadFormat | null; contentType: string | null; extension: string | null }
  | { ok: false; message: ValidationKey; data: Record<string, unknown> };

/** How many leading bytes the signature check reads (an SVG may open with a long prologue). */
export const SIGNATURE_BYTES = 1024;

interface UploadRule {
  /** Largest accepted size in bytes. */
  maxBytes: number;
  /** spec "under 1 MB" is exclusive; "max 5 MB" is inclusive. */
  maxInclusive: boolean;
  formats: readonly UploadFormat[];
  /** spec: "file name only letters, digits, dot, hyphen" (sounds keep their name on devices). */
  namePattern?: RegExp;
}

export const UPLOAD_RULES: Readonly<Record<UploadKind, UploadRule>> = {
  sound: { maxBytes: SOUND_UPLOAD_MAX_BYTES, maxInclusive: false, formats: ["mp3", "wav"], namePattern: /^[A-Za-z0-9.-]+$/ },
  map_image: { maxBytes: MAP_IMAGE_MAX_BYTES, maxInclusive: true, formats: ["png", "jpeg", "svg"] },
};

const CONTENT_TYPES: Record<UploadFormat, string> = {
  mp3: "audio/mpeg",
  wav: "audio/wav",
  png: "image/png",
  jpeg: "image/jpeg",
  svg: "image/svg+xml",
};

/** The MIME type a stored file of this format is served with. */
export function contentTypeOf(format: UploadFormat): string {
  return CONTENT_TYPES[format];
}

/** The MIME types a file picker may offer for an upload kind (`accept` attribute). */
export function acceptedContentTypes(kind: UploadKind): string[] {
  return UPLOAD_RULES[kind].formats.map(contentTypeOf);
}

/** A size limit as people read it: "1 MB", "5 MB" (spec: "B, KB, MB ... in steps of 1024"). */
export function uploadLimitText(kind: UploadKind): string {
  const bytes = UPLOAD_RULES[kind].maxBytes;
  const mb = bytes / (FILE_SIZE_STEP * FILE_SIZE_STEP);
  return Number.isInteger(mb) ? `${mb} MB` : `${Math.round(bytes / FILE_SIZE_STEP)} KB`;
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

/** An SVG document: text (no NUL) that opens with markup and has an <svg element early on. */
function isSvg(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes.subarray(0, SIGNATURE_BYTES));
  const trimmed = text.replace(/^\uFEFF/, "").trimStart();
  return trimmed.startsWith("<") && /<svg[\s>]/i.test(trimmed);
}

/** The format of a content by its signature ("magic bytes"), or null when it is none we know. */
export function detectFormat(bytes: Uint8Array): UploadFormat | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WAVE"), 8)) return "wav";
  // MP3: an ID3v2 tag, or an MPEG audio frame header (11 sync bits, layer bits not "reserved").
  if (startsWith(bytes, ascii("ID3"))) return "mp3";
  if (bytes.length >= 2 && bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0 && ((bytes[1] ?? 0) & 0x06) !== 0) return "mp3";
  if (isSvg(bytes)) return "svg";
  return null;
}

/**
 * Checks an upload against the spec's rules for its kind: size first ("too big"), then the file
 * name (sounds), then the content's signature ("could not be processed"). Messages are
 * `validation.upload_*` keys with their placeholders in `data`.
 */
export function checkUpload(kind: UploadKind, facts: UploadFacts): UploadCheck {
  const rule = UPLOAD_RULES[kind];
  const tooBig = rule.maxInclusive ? facts.size > rule.maxBytes : facts.size >= rule.maxBytes;
  if (tooBig) return { ok: false, message: VALIDATION_KEYS.upload_too_big, data: { max: uploadLimitText(kind) } };
  if (facts.size <= 0) return { ok: false, message: VALIDATION_KEYS.upload_unprocessable, data: {} };
  if (rule.namePattern && !rule.namePattern.test(facts.name)) {
    return { ok: false, message: VALIDATION_KEYS.upload_file_name, data: { value: facts.name } };
  }
  if (facts.firstBytes === undefined) return { ok: true, format: null, contentType: null, extension: null };
  const format = detectFormat(facts.firstBytes);
  if (format === null || !rule.formats.includes(format)) {
    return { ok: false, message: VALIDATION_KEYS.upload_unprocessable, data: {} };
  }
  return { ok: true, format, contentType: contentTypeOf(format), extension: format === "jpeg" ? "jpg" : format };
}
