import { graphql, type ResultOf } from "../../../api/graphql";

/** A user as the admin API returns it (spec data §3.3 "User (admin)"; never the password). `email` is the form's text: the addresses comma-separated. */
const USER_FIELDS = graphql(`
  fragment UserFields on User {
    id
    username
    name
    email
    emails
    locale
    homepage
    is_superuser
    is_ldap
    password_is_temporary
    notify_email
    notify_push
    system_access
    roles {
      id
      name
      sort_order
    }
    can_edit
  }
`);

/** `can_edit`: the actor may change the user (all of the user's roles lie below the actor's best role). */
export type UserRecord = ResultOf<typeof USER_FIELDS>;

/** Deletes answer DeletedUser and empty pages hold no User: name it for cache invalidation. */
export const USERS_CONTEXT = { additionalTypenames: ["User", "Role"] };

export const USERS_QUERY = graphql(
  `
    query Users($search: String, $offset: Int, $limit: Int) {
      users(filter: { search: $search, offset: $offset, limit: $limit }) {
        total
        items {
          ...UserFields
        }
      }
    }
  `,
  [USER_FIELDS],
);

export const USER_QUERY = graphql(
  `
    query User($id: Int!) {
      user(id: $id) {
        ...UserFields
      }
    }
  `,
  [USER_FIELDS],
);

export const CREATE_USER = graphql(
  `
    mutation CreateUser($data: UserInput!) {
      createUser(data: $data) {
        ...UserFields
      }
    }
  `,
  [USER_FIELDS],
);

export const UPDATE_USER = graphql(
  `
    mutation UpdateUser($id: Int!, $data: UserInput!) {
      updateUser(id: $id, data: $data) {
        ...UserFields
      }
    }
  `,
  [USER_FIELDS],
);

export const DELETE_USER = graphql(`
  mutation DeleteUser($ids: [Int!]!) {
    deleteUser(ids: $ids) {
      id
      name
    }
  }
`);
