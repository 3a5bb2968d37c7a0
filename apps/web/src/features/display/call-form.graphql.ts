import { gql, type TypedDocumentNode } from "urql";
import type { CallDetails } from "./CallDetailsTable";

/** The call form's call (spec data §3.4), with what the manual closure rule reads. */
export interface FormCall extends CallDetails {
  id: number;
  system_id: number;
  device_text_long: string;
  device_text_short: string;
  section_id: number | null;
  is_closed: boolean;
  duration: number;
  section: { allow_manual_call_closure: boolean } | null;
  system_tree_node: { deny_manual_call_closure: boolean } | null;
}

export const CALL: TypedDocumentNode<{ call: FormCall }, { id: number }> = gql`
  query CallForm($id: Int!) {
    call(id: $id) {
      id
      system_id
      system_name
      number
      opened_at
      closed_at
      is_closed
      duration
      device_text_long
      device_text_short
      section_id
      section_name
      handled_by_app_username
      manually_closed_by_username
      call_source {
        char
      }
      call_type {
        name
        color
      }
      section {
        allow_manual_call_closure
      }
      system_tree_node {
        deny_manual_call_closure
      }
    }
  }
`;
