import { gql, type TypedDocumentNode } from "urql";

export interface UserSetPasswordResult {
  userSetPassword: { id: number } | null;
}

export interface UserSetPasswordVariables {
  password: string;
  password_repeat: string;
}

/** spec §7: "UserSetPassword(password, password_repeat) returns id." */
export const USER_SET_PASSWORD: TypedDocumentNode<UserSetPasswordResult, UserSetPasswordVariables> = gql`
  mutation UserSetPassword($password: String!, $password_repeat: String!) {
    userSetPassword(password: $password, password_repeat: $password_repeat) {
      id
    }
  }
`;
