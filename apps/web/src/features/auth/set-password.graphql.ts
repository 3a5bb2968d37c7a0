import { graphql } from "../../api/graphql";

/** spec §7: "UserSetPassword(password, password_repeat) returns id." (+ current_password, needed unless the password is temporary: docs/decisions/008) */
export const USER_SET_PASSWORD = graphql(`
  mutation UserSetPassword($password: String!, $password_repeat: String!, $current_password: String) {
    userSetPassword(password: $password, password_repeat: $password_repeat, current_password: $current_password) {
      id
    }
  }
`);
