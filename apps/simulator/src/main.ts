import { parseCliOptions, type SimulatorOptions } from "./options.ts";
import { startSimulator } from "./simulator.ts";

// Start-up only: options -> simulator -> signals. Usage in docs/protocol.md "Running it".
function readOptions(): Partial<SimulatorOptions> {
  try {
    return parseCliOptions(process.argv.slice(2), process.env);
  } catch (error) {
    console.error(`simulator: ${(error as Error).message}`);
    return process.exit(2);
  }
}

const simulator = await startSimulator(readOptions());
const { traffic, speed, dataDir, seed } = simulator.options;
simulator.log.info(
  `virtual call system on ${simulator.url} (data ${dataDir}, traffic ${traffic ? "on" : "off"}, seed ${seed}, speed ${speed}x)`,
);

async function shutdown(signal: string): Promise<void> {
  simulator.log.info(`${signal}: stopping`);
  await simulator.stop();
  process.exit(0);
}
process.once("SIGTERM", () => void shutdown("SIGTERM"));
process.once("SIGINT", () => void shutdown("SIGINT"));
