import type { ErrorCode } from "../errors/app-error.ts";

/**
 * A mistake of the client found before GraphQL runs (the body, the multipart parts, the method):
 * answered with its 4xx status and a GraphQL-over-HTTP shaped body, never INTERNAL or 5xx.
 * Messages are for API developers (like graphql's own syntax errors): the web client never sends
 * such requests, so they are not translated.
 */
export class HttpClientError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;

  constructor(statusCode: number, message: string, code: ErrorCode = "VALIDATION") {
    super(message);
    this.name = "HttpClientError";
    this.statusCode = statusCode;
    this.code = code;
  }
}

/** The body every refused request to /backend/query gets. */
export function graphqlErrorBody(message: string, code: ErrorCode): { data: null; errors: { message: string; extensions: { code: ErrorCode } }[] } {
  return { data: null, errors: [{ message, extensions: { code } }] };
}
