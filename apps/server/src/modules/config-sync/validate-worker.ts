import { parentPort, workerData } from "node:worker_threads";
import { PublishError, publishBodySchema, validateConfig, type ControllerConfig, type PublishErrorCode } from "@caresuite/protocol";

/**
 * The controller's validation of a publish body, in a worker thread (validate-off-thread.ts): at
 * 20,000 nodes it takes over half a second, which on the main thread would hold every board.
 */
export interface ValidateRequest {
  /** The body as JSON text (strings cross threads cheaply). */
  body: string;
  /** Theirs as stored (JSON text), or null. */
  previous: string | null;
  now: string;
}
export type ValidateAnswer = { ok: true } | { ok: false; code: PublishErrorCode; detail: string } | { ok: false; crash: string };

const { body, previous, now } = workerData as ValidateRequest;
let answer: ValidateAnswer;
try {
  validateConfig(publishBodySchema.parse(JSON.parse(body)), previous === null ? null : (JSON.parse(previous) as ControllerConfig), now);
  answer = { ok: true };
} catch (error) {
  answer =
    error instanceof PublishError
      ? { ok: false, code: error.code, detail: error.detail }
      : { ok: false, crash: error instanceof Error ? error.message : String(error) };
}
parentPort?.postMessage(answer);
