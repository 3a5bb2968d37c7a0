// spec §9: "Log prefix [CareSuite]." One place so every log line can be filtered in the console.
const PREFIX = "[CareSuite]";

export const log = {
  info: (...args: unknown[]): void => console.info(PREFIX, ...args),
  warn: (...args: unknown[]): void => console.warn(PREFIX, ...args),
  error: (...args: unknown[]): void => console.error(PREFIX, ...args),
};
