import { parseCliOptions, type SimulatorOptions } from "./options.ts";
import { watchParent } from "./parent-watch.ts";
import { startSimulator, type RunningSimulator } from "./simulator.ts";

// Start-up only: options -> parent watch -> simulator -> signals. Usage in docs/protocol.md "Running it".
function readOptions(): Partial<SimulatorOptions> {
  try {
    return parseCliOptions(process.argv.slice(2), process.env);
  } catch (error) {
    console.error(`simulator: ${(error as Error).message}`);
    return process.exit(2);
  }
}

/** A stop that hangs must not keep an orphan alive: after this, exit regardless. */
const STOP_LIMIT_MS = 10_000;

const options = readOptions();
let simulator: RunningSimulator | null = null;
let stopping = false;

async function shutdown(why: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  setTimeout(() => process.exit(1), STOP_LIMIT_MS).unref();
  if (simulator) {
    simulator.log.info(`${why}: stopping`);
    await simulator.stop();
  } else {
    console.error(`simulator: ${why} while starting: exiting`);
  }
  process.exit(0);
}

// Armed before the start: a parent that dies while the journal replays takes this process along.
if (options.parentPid) watchParent(options.parentPid, (why) => void shutdown(why));
process.once("SIGTERM", () => void shutdown("SIGTERM"));
process.once("SIGINT", () => void shutdown("SIGINT"));

try {
  simulator = await startSimulator(options);
} catch (error) {
  // e.g. the data dir or the port is in use: one line for whoever started us, not a stack.
  console.error(`simulator: ${(error as Error).message}`);
  process.exit(1);
}
const { traffic, speed, dataDir, seed } = simulator.options;
simulator.log.info(`virtual call system on ${simulator.url} (data ${dataDir}, traffic ${traffic ? "on" : "off"}, seed ${seed}, speed ${speed}x)`);
