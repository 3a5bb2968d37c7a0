import { GraphQLError } from "graphql";
import type { ErrorCode } from "@caresuite/domain";

/** The error codes of DESIGN.md §2 (sent as `extensions.code`) are the domain's, shared with the clients. */
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

/**
 * Duck-typed on purpose: Mercurius (CommonJS) and our code (ESM) may hold two copies of graphql's
 * classes, so `instanceof GraphQLError` is not reliable across that boundary.
 */
function asGraphQLError(error: unknown): GraphQLError | null {
  return error instanceof Error && error.name === "GraphQLError" ? (error as GraphQLError) : null;
}

/**
 * A message without graphql's "Did you mean …?" hints: in production they would name the fields,
 * arguments and enum values of a schema whose introspection is switched off.
 */
export function withoutSuggestions(message: string): string {
  return message.replace(/\s*Did you mean [^?]*\?/g, "");
}

/** Turns any thrown value into a GraphQL error that is safe to send: no stack, no internals. */
export function toClientError(error: unknown): GraphQLError {
  const graphqlError = asGraphQLError(error);
  const original = graphqlError?.originalError ?? error;
  if (original instanceof AppError) {
    return new GraphQLError(original.message, {
      extensions: {
        code: original.code,
        ...(original.fields ? { fields: original.fields } : {}),
        ...(original.reason ? { reason: original.reason } : {}),
      },
    });
  }
  if (graphqlError && !graphqlError.originalError) {
    // Parse/validation errors of the query itself: the message is about the query, not the server.
    return new GraphQLError(graphqlError.message, {
      nodes: graphqlError.nodes,
      source: graphqlError.source,
      positions: graphqlError.positions,
      path: graphqlError.path,
      extensions: { code: "VALIDATION" },
    });
  }
  return new GraphQLError("Internal error", { extensions: { code: "INTERNAL" } });
}
