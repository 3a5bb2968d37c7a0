/** spec: "Send steps: init, preparing, wiping, sending, syncing, validating, finishing, done, failed." */
export const SEND_STEPS = ["init", "preparing", "wiping", "sending", "syncing", "validating", "finishing", "done", "failed"] as const;
export type SendStep = (typeof SEND_STEPS)[number];
