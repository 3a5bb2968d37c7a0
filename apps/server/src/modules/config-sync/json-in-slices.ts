import { setImmediate as yieldToLoop } from "node:timers/promises";

/** Array items serialised per turn of the event loop. */
const SLICE = 2000;

/**
 * JSON.stringify of an object whose arrays may be long (a configuration of 20,000 nodes: megabytes
 * of text), in slices with the event loop turning between them. The same text as JSON.stringify
 * for plain data (no toJSON, no undefined array items).
 */
export async function stringifyInSlices(value: Record<string, unknown>): Promise<string> {
  const parts: string[] = [];
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined || typeof item === "function") continue;
    if (!Array.isArray(item)) {
      parts.push(`${JSON.stringify(key)}:${JSON.stringify(item)}`);
      continue;
    }
    const slices: string[] = [];
    for (let i = 0; i < item.length; i += SLICE) {
      if (i > 0) await yieldToLoop();
      slices.push(JSON.stringify(item.slice(i, i + SLICE)).slice(1, -1));
    }
    parts.push(`${JSON.stringify(key)}:[${slices.filter((s) => s !== "").join(",")}]`);
  }
  return `{${parts.join(",")}}`;
}
