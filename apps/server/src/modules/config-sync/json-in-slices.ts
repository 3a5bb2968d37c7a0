import { setImmediate as yieldToLoop } from "node:timers/promises";

/** Array items serialised or parsed per turn of the event loop. */
const SLICE = 2000;

/**
 * JSON.stringify of an object whose arrays may be long (a configuration of 20,000 nodes: megabytes
 * of text), in slices with the event loop turning between them. The same text as JSON.stringify
 * for plain data (no toJSON, no undefined array items). With `itemPerLine`, each item of a
 * non-empty top-level array stands on a line of its own (still JSON: the line breaks are
 * whitespace), which lets parseInSlices read it back in slices too.
 */
export async function stringifyInSlices(value: Record<string, unknown>, options: { itemPerLine?: boolean } = {}): Promise<string> {
  const [open, separator, close] = options.itemPerLine ? ["[\n", ",\n", "\n]"] : ["[", ",", "]"];
  const parts: string[] = [];
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined || typeof item === "function") continue;
    if (!Array.isArray(item) || item.length === 0) {
      parts.push(`${JSON.stringify(key)}:${JSON.stringify(item)}`);
      continue;
    }
    const slices: string[] = [];
    for (let i = 0; i < item.length; i += SLICE) {
      if (i > 0) await yieldToLoop();
      slices.push(
        item
          .slice(i, i + SLICE)
          .map((entry: unknown) => JSON.stringify(entry) ?? "null")
          .join(separator),
      );
    }
    parts.push(`${JSON.stringify(key)}:${open}${slices.join(separator)}${close}`);
  }
  return `{${parts.join(",")}}`;
}

/** The key a line of stringifyInSlices' `itemPerLine` text opens an array with: `..."key":[`. */
const OPENS_ARRAY = /("(?:[^"\\]|\\.)*"):\[$/;

/**
 * JSON.parse of a text from stringifyInSlices with `itemPerLine`, SLICE items per turn of the event
 * loop (parsing 10 MB at once holds every board for a tenth of a second or more). Any other JSON
 * text (one without line breaks: stored before items stood on lines) is parsed at once.
 */
export async function parseInSlices(text: string): Promise<Record<string, unknown>> {
  if (!text.includes("\n")) return JSON.parse(text) as Record<string, unknown>;
  const lines = text.split("\n");
  // The object without its long arrays' items: the lines between the items, joined.
  let skeleton = "";
  const arrays: [string, unknown[]][] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? "";
    skeleton += line;
    i += 1;
    const opened = OPENS_ARRAY.exec(line);
    if (!opened?.[1]) continue;
    const items: unknown[] = [];
    let start = i;
    const take = (): void => {
      // Items end with the separator's comma, the last one without.
      const parsed = JSON.parse(`[${lines.slice(start, i).join("").replace(/,$/, "")}]`) as unknown[];
      for (const item of parsed) items.push(item);
      start = i;
    };
    // An item is a JSON value: it never starts with "]", the line that closes the array does.
    while (i < lines.length && !(lines[i] ?? "").startsWith("]")) {
      i += 1;
      if (i - start === SLICE) {
        take();
        await yieldToLoop();
      }
    }
    if (i > start) take();
    arrays.push([JSON.parse(opened[1]) as string, items]);
  }
  const value = JSON.parse(skeleton) as Record<string, unknown>;
  for (const [key, items] of arrays) value[key] = items;
  return value;
}
