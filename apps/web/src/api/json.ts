/** A JSON object (not null, not an array): what the server's answers and pushed payloads are read as. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
