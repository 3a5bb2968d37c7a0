import { Worker } from "node:worker_threads";
import { PublishError, publishBodySchema, validateConfig, type ControllerConfig } from "@caresuite/protocol";
import type { ValidateAnswer, ValidateRequest } from "./validate-worker.ts";

const WORKER = new URL("./validate-worker.ts", import.meta.url);

/** Below this many records the validation takes a few milliseconds: a worker's start costs more. */
export const OFF_THREAD_RECORDS = 2000;

/**
 * validateConfig of a publish body: resolves when valid, rejects with the controller's
 * PublishError when not (or with the worker's failure). A large body (`records` at least
 * OFF_THREAD_RECORDS) is validated in a worker thread, one per publish (publishes are rare, and a
 * worker that ends frees its memory at once).
 */
export async function validatePublishBody(request: ValidateRequest, records: number): Promise<void> {
  if (records >= OFF_THREAD_RECORDS) return validateOffThread(request);
  validateConfig(
    publishBodySchema.parse(JSON.parse(request.body)),
    request.previous === null ? null : (JSON.parse(request.previous) as ControllerConfig),
    request.now,
  );
}

function validateOffThread(request: ValidateRequest): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { workerData: request });
    let settled = false;
    worker.once("message", (answer: ValidateAnswer) => {
      settled = true;
      if (answer.ok) resolve();
      else if ("code" in answer) reject(new PublishError(answer.code, answer.detail));
      else reject(new Error(`validation failed: ${answer.crash}`));
    });
    worker.once("error", (error) => {
      settled = true;
      reject(error);
    });
    worker.once("exit", (code) => {
      if (!settled) reject(new Error(`validation worker exited with ${code}`));
    });
  });
}
