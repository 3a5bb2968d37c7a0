import type { FastifyReply, FastifyRequest } from "fastify";
import type { ErrorCode } from "../errors/app-error.ts";
import { withoutSuggestions } from "../graphql/errors.ts";
import { HttpClientError, graphqlErrorBody } from "./client-error.ts";

/**
 * Answers for requests to /backend/query that GraphQL never executed (GraphQL over HTTP: "request
 * errors"): 4xx with `{ data: null, errors: [{ message, extensions: { code } }] }`, never INTERNAL.
 * Execution errors (a resolver refused, MISSING_AUTH, ...) keep HTTP 200: errorFormatter.
 *
 *   body over the limit           413 VALIDATION
 *   not JSON, empty, `{}`, `{"query":5}`, syntax/validation/depth errors, subscription over POST
 *                                 400 VALIDATION
 *   content type not accepted     415 VALIDATION
 *   GET/HEAD without upgrade      405 VALIDATION (app.ts refuses it before this)
 *   anonymous multipart           401 MISSING_AUTH (http/uploads.ts)
 */

type RouteError = Error & { statusCode?: number; code?: string; errors?: unknown };

/** Fixed wording for Fastify's own errors: theirs names parser internals (positions, tokens). */
const FASTIFY_MESSAGES: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: "The request body is too large." },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: "Send the request as application/json (or multipart/form-data for uploads)." },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: "The request body is empty." },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: "The request body is not valid JSON." },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: "The request's Content-Length does not match its body." },
  MER_ERR_GQL_PERSISTED_QUERY_NOT_FOUND: { status: 400, message: "The request has no query." },
  MER_ERR_METHOD_NOT_ALLOWED: { status: 405, message: "Only queries may be sent with GET; use POST." },
};

const messageOf = (error: unknown): string =>
  typeof error === "object" && error !== null && typeof (error as { message?: unknown }).message === "string"
    ? (error as { message: string }).message
    : "Invalid query";

/** The status, code and messages of a request error; null when it is not the client's mistake. */
export function classifyRequestError(error: RouteError): { status: number; code: ErrorCode; messages: string[] } | null {
  if (error instanceof HttpClientError) return { status: error.statusCode, code: error.code, messages: [error.message] };
  const known = error.code ? FASTIFY_MESSAGES[error.code] : undefined;
  if (known) return { status: known.status, code: "VALIDATION", messages: [known.message] };
  // Mercurius wraps the query's syntax, validation and depth errors in one error listing them.
  if (Array.isArray(error.errors) && error.errors.length > 0) {
    return { status: 400, code: "VALIDATION", messages: error.errors.map(messageOf) };
  }
  // graphql's own errors about the document (a syntax error past maxTokens, a preParsing refusal).
  if (error.name === "GraphQLError") return { status: 400, code: "VALIDATION", messages: [error.message] };
  // Body schema (`{"query": {}}`) and JSON parse errors Fastify flags as 4xx.
  if (typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode < 500) {
    return { status: error.statusCode, code: "VALIDATION", messages: ["The request is not a valid GraphQL request."] };
  }
  return null;
}

/** Mercurius' errorHandler for /backend/query. */
export function graphqlRequestErrorHandler(options: { production: boolean }) {
  return async (error: RouteError, request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const known = classifyRequestError(error);
    if (!known) {
      request.log.error(error);
      await reply.code(500).send(graphqlErrorBody("Internal error", "INTERNAL"));
      return;
    }
    const messages = options.production ? known.messages.map(withoutSuggestions) : known.messages;
    await reply.code(known.status).send({ data: null, errors: messages.map((message) => ({ message, extensions: { code: known.code } })) });
  };
}
