import { useEffect, type ReactNode } from "react";
import { useLocation, useParams, useSearchParams } from "react-router";
import { useQuery, useSubscription } from "urql";
import { NEW_RECORD_ID, type RefField } from "@caresuite/domain";
import { hasErrorCode } from "../../api/errors";
import { useAppData } from "../../app/providers/AppDataProvider";
import { FormLoadError, FormLoading } from "../../entity-admin/FormAlerts";
import { parseRecordId } from "../../entity-admin/form-values";
import { useRefOptions } from "../../entity-admin/useRefOptions";
import { NodeForm } from "./NodeForm";
import { newNodeAccess } from "./node-form-check";
import { emptyNodeValues, nodeToValues, type NodeFormValues } from "./node-form-values";
import { NODE_CONTEXT, NODE_FORM_QUERY, NODE_TREE_CHANGED, type NodeView } from "./node-form.graphql";
import type { Inherited } from "./NodeSections";

const SECTION: RefField = { kind: "ref", entity: "section" };
const FLIGHT_PROFILE: RefField = { kind: "ref", entity: "flightProfile" };
const LOAD_CONTEXT = { ...NODE_CONTEXT, requestPolicy: "cache-and-network" as const };

function copyOf(state: unknown): NodeFormValues | null {
  if (typeof state !== "object" || state === null || !("copy" in state)) return null;
  const copy = (state as { copy: unknown }).copy;
  return typeof copy === "object" && copy !== null ? (copy as NodeFormValues) : null;
}

/** What the node inherits, by name (the server resolves the chain; the names come from the pickers' lists). */
function useInherited(node: NodeView | null): Inherited {
  const sections = useRefOptions(SECTION);
  const profiles = useRefOptions(FLIGHT_PROFILE);
  const resolved = node?.resolved;
  return {
    text_short: resolved?.text_short ?? "",
    text_long: resolved?.text_long ?? "",
    sectionName: resolved?.section_id == null ? null : sections.labelOf(resolved.section_id),
    flightProfileName: resolved?.flight_profile_id == null ? null : profiles.labelOf(resolved.flight_profile_id),
  };
}

/**
 * The modal route /tree/edit/:id? (route name systemTreeNodeForm): loads the node (spec "id -1
 * means a new record"; `?parent=` places a new one, a copy arrives in the navigation state).
 */
export function NodeFormPage(): ReactNode {
  const id = parseRecordId(useParams()["id"]);
  const location = useLocation();
  const [query] = useSearchParams();
  const isNew = id === NEW_RECORD_ID;
  const [{ data, error }, reexecute] = useQuery({
    query: NODE_FORM_QUERY,
    variables: { id: Number.isNaN(id) ? 0 : id },
    pause: isNew || Number.isNaN(id),
    context: LOAD_CONTEXT,
  });
  const { data: appData } = useAppData();
  const user = appData.user;
  const node = isNew ? null : (data?.systemTreeNode ?? null);
  const inherited = useInherited(node);
  // Battery and reachability are reported while the form is open; others save too. Typed values
  // stay (the form is keyed by the node), what is shown beside them follows.
  const [{ data: changed }] = useSubscription({ query: NODE_TREE_CHANGED, pause: isNew || Number.isNaN(id) });
  const change = changed?.systemTreeChanged;
  useEffect(() => {
    if (change && (change.ids.length === 0 || change.ids.includes(id))) reexecute({ requestPolicy: "network-only" });
  }, [change, id, reexecute]);

  if (isNew) {
    const parent = Number(query.get("parent"));
    const empty = emptyNodeValues(Number.isSafeInteger(parent) && parent > 0 ? parent : null);
    const copied = copyOf(location.state);
    return (
      <NodeForm
        // Each copy (a new history entry) starts a new form.
        key={`new:${location.key}`}
        node={null}
        initialValues={copied ?? empty}
        baseline={empty}
        access={newNodeAccess(user, { kind: (copied ?? empty).kind, is_tech: (copied ?? empty).is_tech, radio: (copied ?? empty).radio })}
        inherited={inherited}
      />
    );
  }
  const notFound = Number.isNaN(id) || hasErrorCode(error, "NOT_FOUND") || (data !== undefined && !node);
  if ((error || notFound) && !node) {
    return <FormLoadError notFound={notFound} onRetry={Number.isNaN(id) ? undefined : () => reexecute({ requestPolicy: "network-only" })} />;
  }
  if (!node) return <FormLoading />;
  const values = nodeToValues(node);
  return (
    <NodeForm
      key={`edit:${node.id}`}
      node={node}
      initialValues={values}
      baseline={values}
      access={{ editableFields: node.editable_fields, canEdit: node.edit_state.can_edit }}
      inherited={inherited}
    />
  );
}
