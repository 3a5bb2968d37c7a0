import { graphql, type ResultOf } from "../../api/graphql";
import { CALL_CARD_FIELDS } from "../../api/call-fields.graphql";

/**
 * The display profiles (spec data §3.5), public: anonymous wall screens choose theirs by slug.
 * Each setting is one system's schedules and up to five display groups per part (the board's
 * BoardProfileSetting).
 */
export const DISPLAY_PROFILES = graphql(`
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
        weekday_display_group_1_id
        weekday_display_group_2_id
        weekday_display_group_3_id
        weekday_display_group_4_id
        weekday_display_group_5_id
        weekend_display_group_1_id
        weekend_display_group_2_id
        weekend_display_group_3_id
        weekend_display_group_4_id
        weekend_display_group_5_id
      }
    }
  }
`);

export type DisplayProfile = ResultOf<typeof DISPLAY_PROFILES>["displayProfiles"][number];

/** spec §7 CallDisplayRelations: schedules and display groups of a system. */
export const DISPLAY_RELATIONS = graphql(`
  query DisplayRelations($system_id: Int) {
    displayRelations(system_id: $system_id) {
      # The section's presence rule reads the urgency of every connected type, open or not (docs/decisions/018).
      call_types {
        id
        urgency
        flag
      }
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
      # Enabled overrides: the board routes a section's calls by them and names them (docs/decisions/022).
      display_group_overrides {
        id
        name
        section_id
        section_display_group_id
        systemtree_display_group_id
      }
    }
  }
`);

export type DisplayRelations = ResultOf<typeof DISPLAY_RELATIONS>["displayRelations"];

export const ACTIVE_DISPLAY_NOTES = graphql(`
  query ActiveDisplayNotes {
    activeDisplayNotes {
      id
      title
      text
      color
    }
  }
`);

export type DisplayNote = ResultOf<typeof ACTIVE_DISPLAY_NOTES>["activeDisplayNotes"][number];

/** spec §7: "callsChanged returns the open call list", already in display order: the board's BoardCall. */
export const DISPLAY_CALLS_CHANGED = graphql(
  `
    subscription DisplayCallsChanged($override_system: Int) {
      callsChanged(override_system: $override_system) {
        ...CallCardFields
        call_source_text
      }
    }
  `,
  [CALL_CARD_FIELDS],
);
