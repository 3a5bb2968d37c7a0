import { gql, type TypedDocumentNode } from "@urql/core";
import type { UserInput } from "@caresuite/domain";

/** A user as the admin API returns it (spec data §3.3 "User (admin)"; never the password). */
export interface UserRecord {
  id: number;
  username: string;
  name: string;
  /** The form's text: the addresses comma-separated. */
  email: string;
  emails: string[];
  locale: string | null;
  homepage: string | null;
  is_superuser: boolean;
  is_ldap: boolean;
  password_is_temporary: boolean;
  notify_email: boolean;
  notify_push: boolean;
  system_access: number[];
  roles: { id: number; name: string; sort_order: number }[];
  /** The actor may change the user (all of the user's roles lie below the actor's best role). */
  can_edit: boolean;
}

export interface UserPage {
  total: number;
  items: UserRecord[];
}

const USER_FIELDS = `id username name email emails locale homepage is_superuser is_ldap password_is_temporary notify_email notify_push system_access roles { id name sort_order } can_edit`;

/** Deletes answer DeletedUser and empty pages hold no User: name it for cache invalidation. */
export const USERS_CONTEXT = { additionalTypenames: ["User", "Role"] };

export const USERS_QUERY: TypedDocumentNode<{ users: UserPage }, { search: string | null; offset: number; limit: number }> = gql`
  query Users($search: String, $offset: Int, $limit: Int) {
    users(filter: { search: $search, offset: $offset, limit: $limit }) {
      total
      items { ${USER_FIELDS} }
    }
  }
`;

export const USER_QUERY: TypedDocumentNode<{ user: UserRecord | null }, { id: number }> = gql`
  query User($id: Int!) {
    user(id: $id) { ${USER_FIELDS} }
  }
`;

export const CREATE_USER: TypedDocumentNode<{ createUser: UserRecord }, { data: UserInput }> = gql`
  mutation CreateUser($data: UserInput!) {
    createUser(data: $data) { ${USER_FIELDS} }
  }
`;

export const UPDATE_USER: TypedDocumentNode<{ updateUser: UserRecord }, { id: number; data: UserInput }> = gql`
  mutation UpdateUser($id: Int!, $data: UserInput!) {
    updateUser(id: $id, data: $data) { ${USER_FIELDS} }
  }
`;

export const DELETE_USER: TypedDocumentNode<{ deleteUser: { id: number; name: string }[] }, { ids: number[] }> = gql`
  mutation DeleteUser($ids: [Int!]!) {
    deleteUser(ids: $ids) { id name }
  }
`;
