import { graphql, type ResultOf, type VariablesOf } from "../../../api/graphql";

/**
 * A role as the admin API returns it (spec data §3.3 "Role"). `sort_order`: lower ranks higher, a
 * role manages the roles and users below it. `can_edit`: the actor may change it (it lies below
 * the actor's best role, or the actor is superuser).
 */
const ROLE_FIELDS = graphql(`
  fragment RoleFields on Role {
    id
    name
    sort_order
    permissions {
      code
      level
    }
    call_source_group_permissions {
      callsource_group_id
      permission_level
    }
    user_count
    can_edit
  }
`);

export type RoleRecord = ResultOf<typeof ROLE_FIELDS>;

/** Every role, best rank first. Lists hold no typename when empty: name it for invalidation. */
export const ROLES_CONTEXT = { additionalTypenames: ["Role", "User"] };

export const ROLES_QUERY = graphql(
  `
    query Roles {
      roles {
        ...RoleFields
      }
    }
  `,
  [ROLE_FIELDS],
);

export const CREATE_ROLE = graphql(
  `
    mutation CreateRole($data: RoleInput!) {
      createRole(data: $data) {
        ...RoleFields
      }
    }
  `,
  [ROLE_FIELDS],
);

export type RoleInputData = VariablesOf<typeof CREATE_ROLE>["data"];

export const UPDATE_ROLE = graphql(
  `
    mutation UpdateRole($id: Int!, $data: RoleInput!) {
      updateRole(id: $id, data: $data) {
        ...RoleFields
      }
    }
  `,
  [ROLE_FIELDS],
);

export const DELETE_ROLE = graphql(`
  mutation DeleteRole($ids: [Int!]!) {
    deleteRole(ids: $ids) {
      id
      name
    }
  }
`);

/** Superusers only (spec route table: "sort only for superusers"). */
export const SORT_ROLES = graphql(`
  mutation SortRoles($ids: [Int!]!) {
    sortRoles(ids: $ids)
  }
`);
