import { LOG_PREFIX as PREFIX } from "@caresuite/domain";

// spec §9: "Log prefix [CareSuite]": every log line goes through here, so the console can filter them.

export const log = {
  info: (...args: unknown[]): void => console.info(PREFIX, ...args),
  warn: (...args: unknown[]): void => console.warn(PREFIX, ...args),
  error: (...args: unknown[]): void => console.error(PREFIX, ...args),
};
