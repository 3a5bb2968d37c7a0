import { gql, type TypedDocumentNode } from "@urql/core";

/**
 * A configurator as the admin API returns it (spec data §3.8). Never the password: `has_password`
 * says whether one is stored. Times of day "HH:MM"; weekend in minutes from a Monday-start week.
 */
export interface SystemParamRecord {
  id: number;
  name: string;
  ip: string;
  username: string;
  has_password: boolean;
  tcp_port: number;
  dhcp: boolean;
  gateway: string;
  subnet: string;
  ntp_server: string;
  timezone: string;
  daylight_savings: boolean;
  display_language: string;
  night_start: string;
  night_stop: string;
  weekend_start: number;
  weekend_stop: number;
  auto_commit: boolean;
  call_suppression_enabled: boolean;
  call_suppression_sections: number[];
  call_suppression_time_start: string;
  call_suppression_time_end: string;
  version: string | null;
  /** The system's sections (what call suppression may name). */
  sections: { id: number; name: string }[];
}

/** What the list shows. */
export type SystemParamRow = Pick<SystemParamRecord, "id" | "name" | "ip" | "tcp_port" | "version">;

/** `SystemParamInput` of the API: the record's settings, with the password to set (empty keeps it). */
export type SystemParamApiInput = Omit<SystemParamRecord, "id" | "has_password" | "version" | "sections"> & { password: string };

export interface LinkStatus {
  system_id: number;
  connected: boolean;
  last_error: string | null;
}

const FIELDS = `id name ip username has_password tcp_port dhcp gateway subnet ntp_server timezone daylight_savings display_language
  night_start night_stop weekend_start weekend_stop auto_commit call_suppression_enabled call_suppression_sections
  call_suppression_time_start call_suppression_time_end version sections { id name }`;

/** Deletes answer DeletedSystemParam and an empty list holds no SystemParams: name them for cache invalidation. */
export const SYSTEM_PARAMS_CONTEXT = { additionalTypenames: ["SystemParams", "DeletedSystemParam"] };

export const SYSTEM_PARAMS_QUERY: TypedDocumentNode<{ systemParams: SystemParamRow[] }, Record<string, never>> = gql`
  query SystemParams {
    systemParams { id name ip tcp_port version }
  }
`;

/** The links' state (connected or not) for the list's status column. */
export const LINK_STATUS_QUERY: TypedDocumentNode<{ callSystemStatus: LinkStatus[] }, Record<string, never>> = gql`
  query SystemParamLinks {
    callSystemStatus { system_id connected last_error }
  }
`;

export const SYSTEM_PARAM_QUERY: TypedDocumentNode<{ systemParam: SystemParamRecord | null }, { id: number }> = gql`
  query SystemParam($id: Int!) {
    systemParam(id: $id) { ${FIELDS} }
  }
`;

export const CREATE_SYSTEM_PARAM: TypedDocumentNode<{ createSystemParam: SystemParamRecord }, { data: SystemParamApiInput }> = gql`
  mutation CreateSystemParam($data: SystemParamInput!) {
    createSystemParam(data: $data) { ${FIELDS} }
  }
`;

export const UPDATE_SYSTEM_PARAM: TypedDocumentNode<{ updateSystemParam: SystemParamRecord }, { id: number; data: SystemParamApiInput }> = gql`
  mutation UpdateSystemParam($id: Int!, $data: SystemParamInput!) {
    updateSystemParam(id: $id, data: $data) { ${FIELDS} }
  }
`;

export const DELETE_SYSTEM_PARAM: TypedDocumentNode<{ deleteSystemParam: { id: number; name: string }[] }, { ids: number[] }> = gql`
  mutation DeleteSystemParam($ids: [Int!]!) {
    deleteSystemParam(ids: $ids) { id name }
  }
`;
