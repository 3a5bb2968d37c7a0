import type { ErrorCode } from "@caresuite/domain";

/** The error codes (sent as `extensions.code`) are the domain's, shared with the clients. */
export type { ErrorCode };

export type FieldErrors = Record<string, { message: string; data: Record<string, unknown> }[]>;

/** A typed domain error: services throw it, the API turns it into a GraphQL or HTTP error. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: FieldErrors | undefined;
  readonly reason: string | undefined;

  constructor(code: ErrorCode, message: string, options: { fields?: FieldErrors; reason?: string } = {}) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.fields = options.fields;
    this.reason = options.reason;
  }
}
