/**
 * spec §8 "Configuration: duplicated position, duplicated serial, invalid config, invalid schedule
 * interval, invalid value, missing call source, missing relation". A failed publish reports one of
 * these verbatim in `error` (the server maps it to a translated message) and a `detail` for people.
 */
export const PUBLISH_ERRORS = [
  "duplicated position",
  "duplicated serial",
  "invalid config",
  "invalid schedule interval",
  "invalid value",
  "missing call source",
  "missing relation",
] as const;

export type PublishErrorCode = (typeof PUBLISH_ERRORS)[number];

/** Thrown by the validation; caught by the publish job, which fails with it. */
export class PublishError extends Error {
  readonly code: PublishErrorCode;
  readonly detail: string;

  constructor(code: PublishErrorCode, detail: string) {
    super(`${code}: ${detail}`);
    this.name = "PublishError";
    this.code = code;
    this.detail = detail;
  }
}
