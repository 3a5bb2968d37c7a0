// Public API of @caresuite/simulator: start one in-process. The protocol it speaks is
// @caresuite/protocol (packages/protocol); the server starts its process through "./main".
export { startSimulator, type RunningSimulator } from "./simulator.ts";
export { DEFAULT_OPTIONS, parseCliOptions, type SimulatorOptions } from "./options.ts";
export { DEFAULT_TRAFFIC_PROFILE, type TrafficProfile } from "./traffic/traffic-model.ts";
export { demoHospital, demoHospitalBody } from "./site/demo-hospital.ts";
export { generatedSite } from "./site/generated-site.ts";
export { PUBLISH_ERRORS, type PublishErrorCode } from "@caresuite/protocol";
export { PUBLISH_STEPS, type PublishJobView, type PublishStep } from "./publish/publish-jobs.ts";
