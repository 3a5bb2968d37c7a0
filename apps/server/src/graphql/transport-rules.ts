import { GraphQLError, type ASTVisitor, type ValidationContext } from "graphql";

/**
 * Validation rule of the HTTP transport only (WebSocket operations are not validated by this
 * list): a subscription sent over POST would run its resolver once without an event, which
 * answered INTERNAL. It is a client mistake and says where subscriptions go.
 */
export function subscriptionOverHttpRule(context: ValidationContext): ASTVisitor {
  return {
    OperationDefinition(node) {
      if (node.operation === "subscription") {
        context.reportError(new GraphQLError("Subscriptions run over the WebSocket (graphql-ws) of /backend/query, not over POST.", { nodes: [node] }));
      }
    },
  };
}
