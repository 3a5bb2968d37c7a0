/**
 * Characters and shapes no input may carry (ARCHITECTURE «Security rules»: "NUL and control characters are refused
 * in names and strings on both databases"; "Id lists have a maximum length").
 *
 * - NUL is refused in every string: PostgreSQL's text type cannot hold it (it failed with
 *   INTERNAL), and SQLite would store a value that C-string consumers cut short.
 * - Names and other text refuse control characters and the bidirectional overrides that make a
 *   name read differently on screen than it sorts and compares (U+202E "right-to-left override"
 *   turns "Zimmer 12" into a lookalike). Multi-line text keeps tab and line breaks.
 */

/** The most elements any list in a request may have; the database's parameter limits are far above. */
export const INPUT_LIST_MAX = 5000;
/** The most ids one operation takes (delete, filters, id lists of a record). */
export const ID_LIST_MAX = 1000;
/** How deep an input value may nest (objects and lists) before it is refused unread. */
export const INPUT_DEPTH_MAX = 32;

// C0 controls, DEL and C1 controls; bidi embeddings/overrides (U+202A–U+202E), isolates (U+2066–U+2069),
// the marks LRM/RLM/ALM (U+200E, U+200F, U+061C), and the byte-order mark / zero-width no-break space.
// Multi-line text keeps tab, line feed and carriage return.
const SINGLE_LINE_UNSAFE = "\\u0000-\\u001F\\u007F-\\u009F\\u061C\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069\\uFEFF";
const MULTI_LINE_UNSAFE = "\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\u061C\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069\\uFEFF";

/** Matches a whole single-line text without unsafe characters (zod `.regex`). */
export const SAFE_SINGLE_LINE = new RegExp(`^[^${SINGLE_LINE_UNSAFE}]*$`);
/** Matches a whole multi-line text without unsafe characters. */
export const SAFE_MULTI_LINE = new RegExp(`^[^${MULTI_LINE_UNSAFE}]*$`);
/** Matches a whole string without NUL (secrets such as passwords may hold anything else). */
// eslint-disable-next-line no-control-regex -- NUL is exactly what it refuses
export const SAFE_NO_NUL = new RegExp("^[^\\u0000]*$");

/** True when the text holds a character names and texts refuse (see the file comment). */
export function hasUnsafeCharacters(value: string, options: { multiline?: boolean } = {}): boolean {
  return !(options.multiline ? SAFE_MULTI_LINE : SAFE_SINGLE_LINE).test(value);
}

/** What is wrong with a request's input as a whole, and where (a dotted path: "variables.data.name"). */
export interface InputProblem {
  path: string;
  problem: "nul" | "list_too_long" | "too_deep";
}

/**
 * Walks a parsed JSON input (a GraphQL request or a REST body) and returns its first problem:
 * a NUL in any string or key, a list longer than INPUT_LIST_MAX, or nesting deeper than
 * INPUT_DEPTH_MAX. Iterative, so a hostile nesting cannot exhaust the stack.
 */
export function findInputProblem(input: unknown, root = ""): InputProblem | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: input, path: root, depth: 0 }];
  const join = (path: string, key: string | number): string => (path === "" ? String(key) : `${path}.${key}`);
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop() as { value: unknown; path: string; depth: number };
    if (typeof value === "string") {
      if (value.includes("\u0000")) return { path, problem: "nul" };
      continue;
    }
    if (typeof value !== "object" || value === null) continue;
    if (depth >= INPUT_DEPTH_MAX) return { path, problem: "too_deep" };
    if (Array.isArray(value)) {
      if (value.length > INPUT_LIST_MAX) return { path, problem: "list_too_long" };
      value.forEach((item, index) => stack.push({ value: item, path: join(path, index), depth: depth + 1 }));
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      if (key.includes("\u0000")) return { path: join(path, key.replaceAll("\u0000", "\\0")), problem: "nul" };
      stack.push({ value: item, path: join(path, key), depth: depth + 1 });
    }
  }
  return null;
}
