import { LONG_TEXT_MAX_LENGTH, SHORT_TEXT_MAX_LENGTH } from "../constants.ts";
import { applyInputFilter } from "../entities/schema.ts";

/**
 * The device texts of the system tree (spec data §5): "Short text max 7 characters, no umlauts or
 * special characters. Long text max 19, no umlauts; in the system overview umlauts count double."
 * and "Input filter: on blur and update, value uppercased and stripped of characters other than
 * space-to-backslash range, dot, letters, digits." (docs/decisions/019-system-tree-fields.md)
 *
 * The input filter (entities/schema.ts applyInputFilter) would drop an umlaut silently; the rules
 * run on the raw value first, so "Küche" is answered with "contains Ü" instead of becoming "KCHE".
 */

const UMLAUT = /[ÄÖÜäöü]/;
const UMLAUTS = /[ÄÖÜäöü]/g;

/** spec: "in the system overview umlauts count double" (the controller spells Ä as AE). */
export function overviewLength(value: string): number {
  return [...value].length + (value.match(UMLAUTS)?.length ?? 0);
}

/** The first umlaut of a text, or null: the value of the "contains {value}" message. */
export function firstUmlaut(value: string): string | null {
  return UMLAUT.exec(value)?.[0] ?? null;
}

/** Short texts keep to what every display of the call system shows: capitals, digits, space, dot, hyphen, slash. */
const SHORT_TEXT_CHARACTERS = /^[A-Z0-9 .\-/]*$/;

export type NodeTextIssue =
  | { message: "validation.max_length"; data: { size: number } }
  | { message: "validation.contains"; data: { value: string } }
  | { message: "validation.format"; data: { format: string } };

/** What is wrong with a short text as typed (umlauts) and once filtered (characters, length), first message first; empty when fine. */
export function shortTextIssues(raw: string): NodeTextIssue[] {
  const issues: NodeTextIssue[] = [];
  const umlaut = firstUmlaut(raw);
  const value = applyInputFilter(raw);
  if (umlaut !== null) issues.push({ message: "validation.contains", data: { value: umlaut } });
  else if (!SHORT_TEXT_CHARACTERS.test(value)) issues.push({ message: "validation.format", data: { format: "A-Z 0-9 . - /" } });
  // With an umlaut the user sees the raw text: its length is the one to name.
  if ([...(umlaut === null ? value : raw)].length > SHORT_TEXT_MAX_LENGTH)
    issues.push({ message: "validation.max_length", data: { size: SHORT_TEXT_MAX_LENGTH } });
  return issues;
}

/** What is wrong with a long text as typed and once filtered; its length is the overview's (umlauts double). */
export function longTextIssues(raw: string): NodeTextIssue[] {
  const issues: NodeTextIssue[] = [];
  const umlaut = firstUmlaut(raw);
  if (umlaut !== null) issues.push({ message: "validation.contains", data: { value: umlaut } });
  if (overviewLength(umlaut === null ? applyInputFilter(raw) : raw) > LONG_TEXT_MAX_LENGTH)
    issues.push({ message: "validation.max_length", data: { size: LONG_TEXT_MAX_LENGTH } });
  return issues;
}
