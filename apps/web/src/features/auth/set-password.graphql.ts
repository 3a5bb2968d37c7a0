import { gql, type TypedDocumentNode } from "urql";

export interface UserSetPasswordResult {
  userSetPassword: { id: number } | null;
}

export interface UserSetPasswordVariables {
  password: string;
  password_repeat: string;
  /** issue 9: needed unless the password is temporary. */
  current_password?: string;
}

/** spec §7: "UserSetPassword(password, password_repeat) returns id." (+ current_password, issue 9) */
export const USER_SET_PASSWORD: TypedDocumentNode<UserSetPasswordResult, UserSetPasswordVariables> = gql`
  mutation UserSetPassword($password: String!, $password_repeat: String!, $current_password: String) {
    userSetPassword(password: $password, password_repeat: $password_repeat, current_password: $current_password) {
      id
    }
  }
`;
