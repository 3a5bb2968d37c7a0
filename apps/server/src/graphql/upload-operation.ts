import { getOperationAST, Kind, parse, type DocumentNode, type TypeNode } from "graphql";
import { NESTING_MESSAGE, nestsDeeperThan, QUERY_LIMITS } from "./limits.ts";

/** The scalar of file arguments (graphql/builder.ts). */
const UPLOAD_SCALAR = "Upload";

export type UploadOperation = { ok: true; uploadVariables: ReadonlySet<string> } | { ok: false; message: string };

function namedType(type: TypeNode): string {
  return type.kind === Kind.NAMED_TYPE ? type.name.value : namedType(type.type);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Checks the `operations` part of a multipart request (GraphQL multipart request spec) before any
 * file is read: one operation (no batches), a mutation, with at least one variable of the Upload
 * scalar. Only those variables may receive files. Anything else is refused unread.
 */
export function uploadOperationOf(operations: unknown): UploadOperation {
  if (!isRecord(operations)) return { ok: false, message: "The 'operations' part must be one GraphQL request object." };
  const { query, operationName, variables } = operations;
  if (typeof query !== "string") return { ok: false, message: "The 'operations' part has no query." };
  if (operationName !== undefined && operationName !== null && typeof operationName !== "string") {
    return { ok: false, message: "operationName must be a string." };
  }
  if (variables !== undefined && variables !== null && !isRecord(variables)) return { ok: false, message: "variables must be an object." };
  if (nestsDeeperThan(query, QUERY_LIMITS.nesting)) return { ok: false, message: NESTING_MESSAGE };
  let document: DocumentNode;
  try {
    document = parse(query, { maxTokens: QUERY_LIMITS.tokens });
  } catch {
    return { ok: false, message: "The query of the 'operations' part is not valid GraphQL." };
  }
  const operation = getOperationAST(document, operationName ?? undefined);
  if (!operation) return { ok: false, message: "The 'operations' part names no single operation." };
  if (operation.operation !== "mutation") return { ok: false, message: "Only mutations take file uploads." };
  const uploadVariables = new Set((operation.variableDefinitions ?? []).filter((d) => namedType(d.type) === UPLOAD_SCALAR).map((d) => d.variable.name.value));
  if (uploadVariables.size === 0) return { ok: false, message: "This operation takes no file upload." };
  return { ok: true, uploadVariables };
}
