import { Worker } from "node:worker_threads";
import { checkPublishText, type CheckAnswer, type CheckRequest } from "./check-publish-text.ts";

const WORKER = new URL("./check-worker.ts", import.meta.url);

/** Below this many characters (about 2,000 records) checking takes a few milliseconds: a worker's start costs more. */
export const OFF_THREAD_CHARS = 500_000;

/**
 * checkPublishText, for a large body (OFF_THREAD_CHARS or more) in a worker thread, one per
 * publish: at 20,000 nodes the validation takes over half a second, which on the main thread
 * would hold every call meanwhile (the server's boards, the controller's events). Publishes are
 * rare, and a worker that ends frees its memory at once. Rejects only when the worker itself fails.
 */
export function checkPublishTextOffThread(request: CheckRequest): Promise<CheckAnswer> {
  if (request.body.length < OFF_THREAD_CHARS) return Promise.resolve(checkPublishText(request));
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { workerData: request });
    let settled = false;
    worker.once("message", (answer: CheckAnswer) => {
      settled = true;
      resolve(answer);
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
