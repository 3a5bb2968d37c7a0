import { ZodError } from "zod";
import { publishBodySchema } from "../config.ts";
import { PublishError, type PublishErrorCode } from "./publish-error.ts";
import { validateConfig, type ConfigContent } from "./validate-config.ts";

export interface CheckRequest {
  /** The publish body as JSON text (strings cross threads cheaply). */
  body: string;
  now: string;
  /** Whether the answer carries the validated configuration (the controller applies it; the server only asks). */
  content: boolean;
}

/**
 * A valid body (with its configuration when asked), the controller's refusal, or a body that is
 * not one. `records`: nodes and all other collections' entries (the controller's pace goes by them).
 */
export type CheckAnswer =
  | { ok: true; content: ConfigContent | null; records: number }
  | { ok: false; code: PublishErrorCode; detail: string; records: number }
  | { ok: false; malformed: { path: string; message: string }[] };

/**
 * Parses and validates a publish body as the controller does (docs/protocol.md "Publishing"). The
 * live state (battery, reachability, hub status) is not taken over here: the controller adds it
 * when it swaps the configuration in (keepLiveState), so reports that arrive meanwhile are kept.
 */
export function checkPublishText({ body, now, content }: CheckRequest): CheckAnswer {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { ok: false, malformed: [{ path: "", message: "body is not valid JSON" }] };
  }
  let records = 0;
  try {
    const publishBody = publishBodySchema.parse(parsed);
    records = Object.values(publishBody).reduce<number>((sum, value) => sum + (Array.isArray(value) ? value.length : 0), 0);
    const valid = validateConfig(publishBody, null, now);
    return { ok: true, content: content ? valid : null, records };
  } catch (error) {
    if (error instanceof PublishError) return { ok: false, code: error.code, detail: error.detail, records };
    if (error instanceof ZodError) return { ok: false, malformed: error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })) };
    throw error;
  }
}
