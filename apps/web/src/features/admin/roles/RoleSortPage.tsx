import type { ReactNode } from "react";
import { useMutation, useQuery } from "urql";
import { useTranslation } from "react-i18next";
import { useModalRouteClose } from "../../../app/ModalRoute";
import { SortList } from "../../../entity-admin/SortList";
import { genericFailure, mutationFailure, type MutationFailure } from "../../../entity-admin/entity-errors";
import { notify } from "../../../ui/notify";
import { ROLES_CONTEXT, ROLES_QUERY, SORT_ROLES, type RoleRecord } from "./roles.graphql";

const LOAD_CONTEXT = { ...ROLES_CONTEXT, requestPolicy: "network-only" as const };

/**
 * The modal route `roles/sort`: the rank of the roles (a role manages the roles and users below
 * it). spec: "sort only for superusers, others go to no-access" - the route guard sends them away
 * (route table flag superuserOnly); the server refuses them too.
 */
export function RoleSortPage(): ReactNode {
  const { t } = useTranslation();
  const { close } = useModalRouteClose();
  const [{ data, error }, reexecute] = useQuery({ query: ROLES_QUERY, variables: {}, context: LOAD_CONTEXT });
  const [{ fetching: saving }, sort] = useMutation(SORT_ROLES);

  const save = async (ids: number[]): Promise<MutationFailure | null> => {
    const result = await sort({ ids }, ROLES_CONTEXT);
    if (result.error || result.data?.sortRoles !== true) return result.error ? mutationFailure(result.error, "sort", new Set()) : genericFailure("sort");
    notify({ type: "success", title: t("entitySort.savedTitle"), text: t("roles.sortedText") });
    close();
    return null;
  };

  return (
    <SortList<RoleRecord>
      items={data?.roles ?? null}
      loadFailed={error !== undefined}
      onRetry={() => reexecute({ requestPolicy: "network-only" })}
      labelOf={(role) => role.name}
      saving={saving}
      onSave={save}
      onClose={close}
      kind="role"
    />
  );
}
