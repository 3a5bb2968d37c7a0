// Public API of @caresuite/simulator: start one in-process, and the protocol's types.
export { startSimulator, type RunningSimulator } from "./simulator.ts";
export { DEFAULT_OPTIONS, parseCliOptions, type SimulatorOptions } from "./options.ts";
export { DEFAULT_TRAFFIC_PROFILE, type TrafficProfile } from "./traffic/traffic-model.ts";
export { demoHospital, demoHospitalBody } from "./site/demo-hospital.ts";
export { PUBLISH_ERRORS, type PublishErrorCode } from "./config/publish-error.ts";
export { PUBLISH_STEPS, type PublishJobView, type PublishStep } from "./publish/publish-jobs.ts";
export * from "./protocol/config.ts";
export * from "./protocol/events.ts";
export { DEVICE_ACTIONS, FIRMWARE_VERSION, PRESS_KINDS, type DeviceAction, type PressKind } from "./protocol/requests.ts";
