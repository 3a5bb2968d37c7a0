import { useEffect, useRef, type ReactNode } from "react";
import { useMatches, useNavigate, useParams } from "react-router";
import { useQuery } from "urql";
import { auditLogOpen, auditLogSubject, closeAuditLog, openAuditLog } from "../../app/audit-log-state";
import { NODE_FORM_QUERY } from "./node-form.graphql";

/**
 * The route /tree/audit/:id? (route name systemTreeNodeAuditLog, admin::see_auditlog): spec "On
 * route systemTreeNodeAuditLog it shows the history of one system tree node (entity type
 * systemtree, entity id from the id parameter)". The log itself is the shell's modal; this route
 * opens it for the node (without an id: the whole log) and goes back to the tree when it closes.
 */
export function NodeAuditRoute(): ReactNode {
  const id = Number(useParams()["id"]);
  const valid = Number.isSafeInteger(id) && id > 0;
  const navigate = useNavigate();
  const matches = useMatches();
  const leave = useRef(() => {});
  leave.current = () => navigate(matches.at(-2)?.pathname ?? "/");
  const [{ data }] = useQuery({ query: NODE_FORM_QUERY, variables: { id }, pause: !valid });
  const name = data?.systemTreeNode.name;

  useEffect(() => {
    openAuditLog(valid ? { entityType: "systemtree", entityId: id, name: `#${id}` } : null);
    // Closing the log leaves the route; leaving the route closes the log.
    const stop = auditLogOpen.subscribe(() => {
      if (!auditLogOpen.get()) leave.current();
    });
    return () => {
      stop();
      closeAuditLog();
    };
  }, [valid, id]);

  useEffect(() => {
    // The title names the node once it is known.
    if (valid && name !== undefined) auditLogSubject.set({ entityType: "systemtree", entityId: id, name });
  }, [valid, id, name]);

  return null;
}
