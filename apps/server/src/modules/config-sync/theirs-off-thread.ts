import { Worker } from "node:worker_threads";
import { theirsSnapshot, type TheirsAnswer, type TheirsRequest, type TheirsSnapshot } from "./theirs-snapshot.ts";

const WORKER = new URL("./theirs-worker.ts", import.meta.url);

/** Below this many characters (a few hundred nodes) parsing takes a few milliseconds: a worker's start costs more. */
export const OFF_THREAD_CHARS = 1_000_000;

/**
 * theirsSnapshot of the controller's answer; a large one (OFF_THREAD_CHARS or more) in a worker
 * thread, one per fetch (they come once per publish or import).
 */
export function theirsSnapshotOffThread(request: TheirsRequest): Promise<TheirsSnapshot> {
  if (request.text.length < OFF_THREAD_CHARS) return theirsSnapshot(request.text, request.systemId);
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { workerData: request });
    let settled = false;
    worker.once("message", (answer: TheirsAnswer) => {
      settled = true;
      if (answer.ok) resolve({ text: answer.text, revision: answer.revision });
      else reject(new Error(answer.message));
    });
    worker.once("error", (error) => {
      settled = true;
      reject(error);
    });
    worker.once("exit", (code) => {
      if (!settled) reject(new Error(`worker exited with ${code}`));
    });
  });
}
