import type { SimClock } from "./clock.ts";
import type { CallEngine } from "./engine/call-engine.ts";
import type { DeviceControl } from "./engine/device-control.ts";
import type { EventClients } from "./http/event-clients.ts";
import type { Journal } from "./journal/journal.ts";
import type { SimulatorOptions } from "./options.ts";
import type { PublishJobs } from "./publish/publish-jobs.ts";
import type { TrafficRunner } from "./traffic/traffic-runner.ts";

/** Everything the protocol routes work with; built once by startSimulator. */
export interface SimulatorContext {
  options: SimulatorOptions;
  /** Identifies this journal (data dir); see docs/protocol.md "Events". */
  journalId: string;
  clock: SimClock;
  journal: Journal;
  engine: CallEngine;
  control: DeviceControl;
  publish: PublishJobs;
  traffic: TrafficRunner;
  clients: EventClients;
  /** Fault hooks (docs/protocol.md "Fault hooks"). */
  debug: { stallMs: number; failStatus: number; failPath: string };
}
