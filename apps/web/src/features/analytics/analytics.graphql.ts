import { graphql } from "../../api/graphql";

/** The analytics of the filter (server callAnalytics, docs/decisions/034-analytics.md): every chart's part in one request. */
export const CALL_ANALYTICS = graphql(`
  query CallAnalytics($filter: AnalyticsFilter) {
    callAnalytics(filter: $filter) {
      from
      to
      time_zone
      opened
      overall {
        calls
        median_seconds
        p90_seconds
      }
      by_shift {
        shift
        opened
        calls
        median_seconds
        p90_seconds
      }
      by_hour {
        hour
        opened
        calls
        median_seconds
        p90_seconds
      }
      by_day {
        date
        opened
        mean_response_seconds
      }
      heat_map {
        weekday
        hour
        opened
      }
      by_room {
        room_id
        room_name
        calls
        median_seconds
        p90_seconds
      }
      by_call_type {
        call_type_id
        name
        color
        calls
        median_seconds
        p90_seconds
      }
      longest_waits(limit: 10) {
        id
        opened_at
        response_seconds
        device_text_long
        room_id
        room_name
        call_type_text
        section_name
      }
    }
  }
`);

export const ANALYTICS_FILTER_OPTIONS = graphql(`
  query AnalyticsFilterOptions {
    analyticsFilterOptions {
      sections {
        id
        name
      }
      call_types {
        id
        name
        color
      }
    }
  }
`);

export const ANALYTICS_LOW_BATTERY = graphql(`
  query AnalyticsLowBattery($section_ids: [Int!]) {
    analyticsLowBattery(section_ids: $section_ids) {
      total
      items {
        id
        name
        room_id
        room_name
        battery
        reported_at
      }
    }
  }
`);

export const ANALYTICS_NOT_REACHABLE = graphql(`
  query AnalyticsNotReachable($section_ids: [Int!]) {
    analyticsNotReachable(section_ids: $section_ids) {
      total
      items {
        id
        name
        room_id
        room_name
        battery
        reported_at
      }
    }
  }
`);

export const ANALYTICS_DEFECTS = graphql(`
  query AnalyticsDefects($section_ids: [Int!]) {
    analyticsDefects(section_ids: $section_ids) {
      total
      items {
        id
        name
        room_id
        room_name
        battery
        reported_at
      }
    }
  }
`);

export const ANALYTICS_REPEATER_DEFECTS = graphql(`
  query AnalyticsRepeaterDefects($section_ids: [Int!]) {
    analyticsRepeaterDefects(section_ids: $section_ids) {
      total
      items {
        id
        name
        room_id
        room_name
        battery
        reported_at
      }
    }
  }
`);
