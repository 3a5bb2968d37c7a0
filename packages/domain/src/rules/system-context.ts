/** spec: "system key cs.system_context". */
import { STORAGE_PREFIX } from "../constants.ts";
export const SYSTEM_STORAGE_KEY = `${STORAGE_PREFIX}system_context`;
/** spec: "Initial context: the system query parameter, else local storage, else 1." */
export const DEFAULT_SYSTEM_ID = 1;
/** System ids travel as two digits (X-CS-System), so 1..99. */
export const MAX_SYSTEM_ID = 99;

/** A valid system id written as decimal digits, or null. */
export function parseSystemId(value: string | null | undefined): number | null {
  if (typeof value !== "string" || !/^\d{1,2}$/.test(value.trim())) return null;
  const id = Number(value.trim());
  return id >= 1 && id <= MAX_SYSTEM_ID ? id : null;
}

/**
 * spec: "Initial context: the system query parameter, else local storage, else 1."
 * Values that are not a system id (1..99) are ignored.
 */
export function initialSystemId(query: string | null | undefined, stored: string | null | undefined): number {
  return parseSystemId(query) ?? parseSystemId(stored) ?? DEFAULT_SYSTEM_ID;
}

/** spec: "X-CS-System (system id padded to 2 digits, default 01". Throws outside 1..99. */
export function systemHeaderValue(id: number): string {
  if (!Number.isInteger(id) || id < 1 || id > MAX_SYSTEM_ID) {
    throw new RangeError(`System id ${id} cannot be sent as X-CS-System`);
  }
  return String(id).padStart(2, "0");
}

/**
 * The server's reading of X-CS-System: exactly two digits naming 1..99; 1 when the header is
 * missing; null when malformed (the caller answers 424 or 400).
 */
export function parseSystemHeader(value: string | undefined): number | null {
  if (value === undefined) return DEFAULT_SYSTEM_ID;
  if (!/^\d{2}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 ? id : null;
}
