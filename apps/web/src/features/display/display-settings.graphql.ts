import { graphql } from "../../api/graphql";

/** spec §7: "CreateDisplayProfile(input), UpdateDisplayProfile(input) return id, name". */
export const CREATE_DISPLAY_PROFILE = graphql(`
  mutation CreateDisplayProfile($input: DisplayProfileInput!) {
    createDisplayProfile(input: $input) {
      id
      name
    }
  }
`);

export const UPDATE_DISPLAY_PROFILE = graphql(`
  mutation UpdateDisplayProfile($input: DisplayProfileInput!) {
    updateDisplayProfile(input: $input) {
      id
      name
    }
  }
`);

/** spec §7: "DeleteDisplayProfile(ids) returns id, name". */
export const DELETE_DISPLAY_PROFILE = graphql(`
  mutation DeleteDisplayProfile($ids: [Int!]!) {
    deleteDisplayProfile(ids: $ids) {
      id
      name
    }
  }
`);
