import { backendFetch, queryUrl } from "./backend-fetch";
import type { GraphQLErrors } from "./errors";
import { isRecord } from "./json";

/** A GraphQL answer read without the client: the data (possibly partial) and the errors. */
export interface PlainQueryResult<TData> extends GraphQLErrors {
  data: TData | null;
  /** No answer at all (network down, 5xx, not JSON); the HTTP error popup has been told. */
  networkError: boolean;
}

type RawError = { message?: unknown; extensions?: unknown };

/**
 * One GraphQL query over plain HTTP, for the one query every page needs before any screen:
 * AppData. The GraphQL client (urql, api/urql-client.ts) loads with the screens that use it,
 * so the sign-in page does without it (docs/decisions/014-sign-in-without-graphql-client.md).
 * Everything else goes through the client.
 */
export async function plainQuery<TData, TVariables extends object>(
  document: string,
  operationName: string,
  variables: TVariables,
): Promise<PlainQueryResult<TData>> {
  let body: unknown;
  try {
    const response = await backendFetch(queryUrl(operationName), {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/graphql-response+json, application/json" },
      body: JSON.stringify({ query: document, operationName, variables }),
    });
    body = await response.json();
  } catch {
    return { data: null, graphQLErrors: [], networkError: true };
  }
  if (!isRecord(body)) return { data: null, graphQLErrors: [], networkError: true };
  const errors = Array.isArray(body["errors"]) ? (body["errors"] as RawError[]) : [];
  return {
    data: isRecord(body["data"]) ? (body["data"] as TData) : null,
    graphQLErrors: errors.map((error) => ({
      message: typeof error.message === "string" ? error.message : "",
      extensions: isRecord(error.extensions) ? error.extensions : {},
    })),
    networkError: false,
  };
}
