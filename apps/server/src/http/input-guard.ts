import type { FastifyReply, FastifyRequest } from "fastify";
import { GraphQLError, type ASTVisitor, type ValidationContext } from "graphql";
import { findInputProblem, INPUT_LIST_MAX, parseAcceptLanguage, VALIDATION_KEYS, type InputProblem } from "@caresuite/domain";
import { translate } from "../i18n/messages.ts";

/**
 * Input no request may carry, refused before any resolver or route sees it (ARCHITECTURE «Security rules»,
 * rules/input-safety.ts): NUL in any string (PostgreSQL answered INTERNAL / HTTP 500), lists
 * longer than INPUT_LIST_MAX (32,766 ids overran the database's parameter limit), absurd nesting.
 * Field-level rules (control characters in names, ID_LIST_MAX) live in the domain's schemas.
 */

const MESSAGE_KEY = {
  nul: VALIDATION_KEYS.control_characters,
  list_too_long: VALIDATION_KEYS.list_too_long,
  too_deep: VALIDATION_KEYS.invalid,
} as const satisfies Record<InputProblem["problem"], string>;

/** The field name a client shows the message on: the last part of the path, without list indexes. */
function fieldOf(path: string): string {
  return (
    path
      .split(".")
      .filter((part) => !/^\d+$/.test(part))
      .at(-1) ?? ""
  );
}

/** Fastify preValidation hook for the JSON bodies of /backend/* and /demo/* (REST and GraphQL). */
export async function refuseUnsafeInput(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (typeof request.body !== "object" || request.body === null) return;
  const problem = findInputProblem(request.body);
  if (!problem) return;
  const key = MESSAGE_KEY[problem.problem];
  const data = { field: fieldOf(problem.path), size: INPUT_LIST_MAX };
  const message = translate(key, parseAcceptLanguage(request.headers["accept-language"]), data);
  if (request.url.startsWith("/backend/query")) {
    // A GraphQL-shaped answer the client treats like any other validation error.
    const fields = { [problem.path.replace(/^variables\./, "")]: [{ message: key, data }] };
    await reply.code(400).send({ data: null, errors: [{ message, extensions: { code: "VALIDATION", fields } }] });
    return;
  }
  await reply.code(400).send({ ok: false, errors: [{ field: data.field || null, code: "invalid_input", message }] });
}

/**
 * The same refusal for values written into the query text itself (`name: "a\u0000"`, a literal
 * list of 40,000 ids), as a GraphQL validation rule; variables are checked by refuseUnsafeInput.
 */
export function unsafeLiteralRule(context: ValidationContext): ASTVisitor {
  return {
    StringValue(node) {
      if (node.value.includes("\u0000")) {
        context.reportError(new GraphQLError("Strings may not contain NUL characters.", { nodes: [node] }));
      }
    },
    ListValue(node) {
      if (node.values.length > INPUT_LIST_MAX) {
        context.reportError(new GraphQLError(`Lists may hold at most ${INPUT_LIST_MAX} values.`, { nodes: [node] }));
      }
    },
  };
}
