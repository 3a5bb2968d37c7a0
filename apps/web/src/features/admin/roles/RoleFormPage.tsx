import type { ReactNode } from "react";
import { useLocation, useParams } from "react-router";
import { useQuery } from "urql";
import { FormLoadError, FormLoading } from "../../../entity-admin/FormAlerts";
import { parseRecordId } from "../../../entity-admin/form-values";
import { RoleForm, type RoleCopyState } from "./RoleForm";
import { emptyRoleValues, roleToValues, type RoleFormValues } from "./role-form";
import { ROLES_CONTEXT, ROLES_QUERY } from "./roles.graphql";
import { NEW_RECORD_ID } from "@caresuite/domain";

const LOAD_CONTEXT = { ...ROLES_CONTEXT, requestPolicy: "cache-and-network" as const };

function copyOf(state: unknown): RoleFormValues | null {
  if (typeof state !== "object" || state === null || !("copyRole" in state)) return null;
  const copy = (state as RoleCopyState).copyRole;
  return typeof copy === "object" && copy !== null ? copy : null;
}

/** The modal route `roles/edit/:id?` (the API lists roles only as a whole: the record is found in it). */
export function RoleFormPage(): ReactNode {
  const location = useLocation();
  const id = parseRecordId(useParams()["id"]);
  const [{ data, error }, reexecute] = useQuery({ query: ROLES_QUERY, variables: {}, pause: id === NEW_RECORD_ID, context: LOAD_CONTEXT });

  if (id === NEW_RECORD_ID) {
    const copied = copyOf(location.state);
    return <RoleForm key={`new:${location.key}`} record={null} initialValues={copied ?? emptyRoleValues()} baseline={copied ? null : emptyRoleValues()} />;
  }
  const record = data?.roles.find((role) => role.id === id);
  const notFound = Number.isNaN(id) || (data !== undefined && !record);
  if ((error || notFound) && !record) {
    return <FormLoadError notFound={notFound} onRetry={Number.isNaN(id) ? undefined : () => reexecute({ requestPolicy: "network-only" })} />;
  }
  if (!record) return <FormLoading />;
  const values = roleToValues(record);
  return <RoleForm key={`edit:${record.id}`} record={record} initialValues={values} baseline={values} />;
}
