import { GraphQLError, type ASTVisitor, type ValidationContext } from "graphql";

/** Limits per operation, against abusive queries (DESIGN.md §7). Depth is Mercurius' queryDepth. */
export const QUERY_LIMITS = { depth: 12, aliases: 30, fields: 1000 } as const;

/** Rejects operations with too many aliases or selected fields (a simple cost measure). */
export function costLimitRule(context: ValidationContext): ASTVisitor {
  let aliases = 0;
  let fields = 0;
  return {
    Field(node) {
      fields += 1;
      if (node.alias) aliases += 1;
    },
    Document: {
      leave() {
        if (aliases > QUERY_LIMITS.aliases) {
          context.reportError(new GraphQLError(`Too many aliases (max ${QUERY_LIMITS.aliases}).`));
        }
        if (fields > QUERY_LIMITS.fields) {
          context.reportError(new GraphQLError(`Query too costly (max ${QUERY_LIMITS.fields} fields).`));
        }
      },
    },
  };
}
