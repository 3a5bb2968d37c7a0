import { gql, type TypedDocumentNode } from "urql";
import type { BoardCall, BoardGroup, BoardProfileSetting } from "./display-board";

/** A display profile (spec data §3.5), public: anonymous wall screens choose theirs by slug. */
export interface DisplayProfile {
  id: number;
  name: string;
  slug: string;
  font_size: string;
  fullscreen: boolean;
  locale: string;
  show_presences: boolean;
  show_video_stream: boolean;
  show_calls_from_system: boolean;
  settings: BoardProfileSetting[];
}

const SLOTS = ["weekday", "weekend"].flatMap((part) => [1, 2, 3, 4, 5].map((n) => `${part}_display_group_${n}_id`)).join("\n        ");

export const DISPLAY_PROFILES: TypedDocumentNode<{ displayProfiles: DisplayProfile[] }> = gql(`
  query DisplayProfiles {
    displayProfiles {
      id
      name
      slug
      font_size
      fullscreen
      locale
      show_presences
      show_video_stream
      show_calls_from_system
      settings {
        system_id
        weekday_schedule_id
        weekend_schedule_id
        ${SLOTS}
      }
    }
  }
`);

export interface DisplayRelations {
  schedules: { id: number; name: string; times: string[] }[];
  display_groups: (BoardGroup & { name: string })[];
}

/** spec §7 CallDisplayRelations: schedules and display groups of a system. */
export const DISPLAY_RELATIONS: TypedDocumentNode<{ displayRelations: DisplayRelations }, { system_id: number }> = gql`
  query DisplayRelations($system_id: Int) {
    displayRelations(system_id: $system_id) {
      schedules {
        id
        name
        times
      }
      display_groups {
        id
        name
        connections {
          section_id
          call_type_id
        }
      }
    }
  }
`;

export interface DisplayNote {
  id: number;
  title: string;
  text: string;
  color: string;
}

export const ACTIVE_DISPLAY_NOTES: TypedDocumentNode<{ activeDisplayNotes: DisplayNote[] }> = gql`
  query ActiveDisplayNotes {
    activeDisplayNotes {
      id
      title
      text
      color
    }
  }
`;

/** spec §7: "callsChanged returns the open call list", already in display order. */
export const DISPLAY_CALLS_CHANGED: TypedDocumentNode<{ callsChanged: BoardCall[] }, { override_system?: number | null }> = gql`
  subscription DisplayCallsChanged($override_system: Int) {
    callsChanged(override_system: $override_system) {
      id
      system_id
      number
      opened_at
      device_text_long
      device_text_short
      section_id
      section_name
      handled_by_app_username
      call_source_text
      call_source {
        char
      }
      call_type {
        id
        name
        color
        urgency
        flag
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
