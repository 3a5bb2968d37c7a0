import { isErrorCode, type ErrorCode } from "@caresuite/domain";
import { isRecord } from "./json";

/** One field error: `message` is an i18n key (or plain text), `data` its placeholders. */
export interface FieldError {
  message: string;
  data?: Record<string, unknown>;
}

/**
 * What carries GraphQL errors: urql's CombinedError, or a plain answer read without the client
 * (AppData, api/plain-query.ts). Structural, so this module needs no GraphQL client.
 */
export interface GraphQLErrors {
  graphQLErrors: readonly { message: string; extensions: Record<string, unknown> }[];
}

/** The known codes of the errors (ARCHITECTURE «Contract rules», the domain's ERROR_CODES); an error without one adds nothing. */
export function errorCodes(error: GraphQLErrors | undefined): ErrorCode[] {
  if (!error) return [];
  return error.graphQLErrors.map((e) => e.extensions["code"]).filter(isErrorCode);
}

export function hasErrorCode(error: GraphQLErrors | undefined, code: ErrorCode): boolean {
  return errorCodes(error).includes(code);
}

/** Raw server messages, for the setup rules that match on message text (spec §8). */
export function errorMessages(error: GraphQLErrors | undefined): string[] {
  return error ? error.graphQLErrors.map((e) => e.message) : [];
}

/**
 * spec §5: "Server validation errors arrive per field (message, data); the first message per
 * field is shown."
 */
export function validationFieldErrors(error: GraphQLErrors | undefined): Record<string, FieldError> {
  const result: Record<string, FieldError> = {};
  if (!error) return result;
  for (const graphQLError of error.graphQLErrors) {
    if (graphQLError.extensions["code"] !== ("VALIDATION" satisfies ErrorCode)) continue;
    const fields = graphQLError.extensions["fields"];
    if (!isRecord(fields)) continue;
    for (const [field, list] of Object.entries(fields)) {
      if (field in result || !Array.isArray(list)) continue;
      const first: unknown = list[0];
      if (isRecord(first) && typeof first["message"] === "string") {
        result[field] = {
          message: first["message"],
          data: isRecord(first["data"]) ? first["data"] : undefined,
        };
      }
    }
  }
  return result;
}

/** Reduces `{field: [errors]}` (as domain `fieldErrors` returns) to the first error per field. */
export function firstFieldErrors(errors: Record<string, readonly FieldError[] | undefined>): Record<string, FieldError> {
  const result: Record<string, FieldError> = {};
  for (const [field, list] of Object.entries(errors)) {
    const first = list?.[0];
    if (first) result[field] = first;
  }
  return result;
}
