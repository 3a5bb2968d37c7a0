import type { ReactNode } from "react";
import { useLocation, useParams } from "react-router";
import { useQuery } from "urql";
import { hasErrorCode } from "../../../api/errors";
import { FormLoadError, FormLoading } from "../../../entity-admin/FormAlerts";
import { parseRecordId } from "../../../entity-admin/form-values";
import { ROLES_CONTEXT, ROLES_QUERY } from "../roles/roles.graphql";
import { UserForm, type UserCopyState } from "./UserForm";
import { emptyUserValues, userToValues, type UserFormValues } from "./user-form";
import { USER_QUERY, USERS_CONTEXT } from "./users.graphql";
import { NEW_RECORD_ID } from "@caresuite/domain";

const LOAD_CONTEXT = { ...USERS_CONTEXT, requestPolicy: "cache-and-network" as const };

function copyOf(state: unknown): UserFormValues | null {
  if (typeof state !== "object" || state === null || !("copyUser" in state)) return null;
  const copy = (state as UserCopyState).copyUser;
  return typeof copy === "object" && copy !== null ? copy : null;
}

/** The modal route `users/edit/:id?`: loads the user and the roles, then shows the form. */
export function UserFormPage(): ReactNode {
  const location = useLocation();
  const id = parseRecordId(useParams()["id"]);
  const isNew = id === NEW_RECORD_ID;
  const [{ data, error }, reexecute] = useQuery({
    query: USER_QUERY,
    variables: { id: Number.isNaN(id) ? 0 : id },
    pause: isNew || Number.isNaN(id),
    context: LOAD_CONTEXT,
  });
  const [roles] = useQuery({ query: ROLES_QUERY, variables: {}, context: ROLES_CONTEXT });
  // The form can do without roles (it says so); it waits for them while they load.
  const roleList = roles.data?.roles ?? null;
  const rolesPending = !roles.data && !roles.error;

  if (isNew) {
    if (rolesPending) return <FormLoading />;
    const copied = copyOf(location.state);
    return (
      <UserForm
        key={`new:${location.key}`}
        record={null}
        initialValues={copied ?? emptyUserValues()}
        baseline={copied ? null : emptyUserValues()}
        roles={roleList}
      />
    );
  }

  const record = data?.user;
  const notFound = Number.isNaN(id) || hasErrorCode(error, "NOT_FOUND") || (data !== undefined && !record);
  if ((error || notFound) && !record) {
    return <FormLoadError notFound={notFound} onRetry={Number.isNaN(id) ? undefined : () => reexecute({ requestPolicy: "network-only" })} />;
  }
  if (!record || rolesPending) return <FormLoading />;
  const values = userToValues(record);
  return <UserForm key={`edit:${record.id}`} record={record} initialValues={values} baseline={values} roles={roleList} />;
}
