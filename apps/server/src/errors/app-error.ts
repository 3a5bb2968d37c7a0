/** The error codes of DESIGN.md §2, sent as `extensions.code`. */
export type ErrorCode =
  | "MISSING_AUTH"
  | "MISSING_PERMISSION"
  | "VALIDATION"
  | "NOT_FOUND"
  | "CONFLICT"
  | "INTERNAL";

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
