import { parentPort, workerData } from "node:worker_threads";
import { theirsSnapshot, type TheirsAnswer, type TheirsRequest } from "./theirs-snapshot.ts";

/**
 * The controller's configuration parsed, checked and normalised into the text we store, in a worker
 * thread (theirs-off-thread.ts): at 20,000 nodes that is a few hundred milliseconds of the event
 * loop the boards share.
 */
const { text, systemId } = workerData as TheirsRequest;
let answer: TheirsAnswer;
try {
  answer = { ok: true, ...(await theirsSnapshot(text, systemId)) };
} catch (error) {
  answer = { ok: false, message: error instanceof Error ? error.message : String(error) };
}
parentPort?.postMessage(answer);
