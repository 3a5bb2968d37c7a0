import { gql, type TypedDocumentNode } from "urql";
import type { DisplayProfileInput } from "@caresuite/domain";

/** spec §7: "CreateDisplayProfile(input), UpdateDisplayProfile(input) return id, name". The input is what the server's schema accepts. */
type DisplayProfileMutationInput = DisplayProfileInput;

export const CREATE_DISPLAY_PROFILE: TypedDocumentNode<{ createDisplayProfile: { id: number; name: string } }, { input: DisplayProfileMutationInput }> = gql`
  mutation CreateDisplayProfile($input: DisplayProfileInput!) {
    createDisplayProfile(input: $input) {
      id
      name
    }
  }
`;

export const UPDATE_DISPLAY_PROFILE: TypedDocumentNode<{ updateDisplayProfile: { id: number; name: string } }, { input: DisplayProfileMutationInput }> = gql`
  mutation UpdateDisplayProfile($input: DisplayProfileInput!) {
    updateDisplayProfile(input: $input) {
      id
      name
    }
  }
`;

/** spec §7: "DeleteDisplayProfile(ids) returns id, name". */
export const DELETE_DISPLAY_PROFILE: TypedDocumentNode<{ deleteDisplayProfile: { id: number; name: string }[] }, { ids: number[] }> = gql`
  mutation DeleteDisplayProfile($ids: [Int!]!) {
    deleteDisplayProfile(ids: $ids) {
      id
      name
    }
  }
`;
