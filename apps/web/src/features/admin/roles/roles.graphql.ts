import { gql, type TypedDocumentNode } from "@urql/core";
import type { AccessLevel, RolePermissionLevel } from "@caresuite/domain";

/** A role as the admin API returns it (spec data §3.3 "Role"). */
export interface RoleRecord {
  id: number;
  name: string;
  /** Lower ranks higher: a role manages the roles and users below it. */
  sort_order: number;
  permissions: { code: string; level: RolePermissionLevel }[];
  call_source_group_permissions: { callsource_group_id: number; permission_level: AccessLevel }[];
  user_count: number;
  /** The actor may change it (it lies below the actor's best role, or the actor is superuser). */
  can_edit: boolean;
}

export interface RoleInputData {
  name: string;
  permissions: { code: string; level: RolePermissionLevel }[];
  call_source_group_permissions: { callsource_group_id: number; permission_level: AccessLevel }[];
}

const ROLE_FIELDS = `id name sort_order permissions { code level } call_source_group_permissions { callsource_group_id permission_level } user_count can_edit`;

/** Every role, best rank first. Lists hold no typename when empty: name it for invalidation. */
export const ROLES_CONTEXT = { additionalTypenames: ["Role", "User"] };

export const ROLES_QUERY: TypedDocumentNode<{ roles: RoleRecord[] }, Record<string, never>> = gql`
  query Roles {
    roles { ${ROLE_FIELDS} }
  }
`;

export const CREATE_ROLE: TypedDocumentNode<{ createRole: RoleRecord }, { data: RoleInputData }> = gql`
  mutation CreateRole($data: RoleInput!) {
    createRole(data: $data) { ${ROLE_FIELDS} }
  }
`;

export const UPDATE_ROLE: TypedDocumentNode<{ updateRole: RoleRecord }, { id: number; data: RoleInputData }> = gql`
  mutation UpdateRole($id: Int!, $data: RoleInput!) {
    updateRole(id: $id, data: $data) { ${ROLE_FIELDS} }
  }
`;

export const DELETE_ROLE: TypedDocumentNode<{ deleteRole: { id: number; name: string }[] }, { ids: number[] }> = gql`
  mutation DeleteRole($ids: [Int!]!) {
    deleteRole(ids: $ids) { id name }
  }
`;

/** Superusers only (spec route table: "sort only for superusers"). */
export const SORT_ROLES: TypedDocumentNode<{ sortRoles: boolean }, { ids: number[] }> = gql`
  mutation SortRoles($ids: [Int!]!) {
    sortRoles(ids: $ids)
  }
`;
