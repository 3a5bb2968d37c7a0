import { parentPort, workerData } from "node:worker_threads";
import { checkPublishText, type CheckRequest } from "./check-publish-text.ts";

// The worker thread of off-thread.ts.
parentPort?.postMessage(checkPublishText(workerData as CheckRequest));
