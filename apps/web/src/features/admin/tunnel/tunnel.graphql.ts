import { graphql } from "../../../api/graphql";

/** Remote access (admin::manage_system, management licence); the private key and password are write-only. */
const TUNNEL_SETTINGS_FIELDS = graphql(`
  fragment TunnelSettingsFields on TunnelSettings {
    host
    port
    username
    auth_method
    has_private_key
    has_password
    host_key_fingerprint
    remote_port
  }
`);

const TUNNEL_STATUS_FIELDS = graphql(`
  fragment TunnelStatusFields on TunnelStatus {
    status
    open_until
    failure
    opened_by
    opened_at
  }
`);

export const TUNNEL_QUERY = graphql(
  `
    query Tunnel {
      tunnelSettings {
        ...TunnelSettingsFields
      }
      tunnelStatus {
        ...TunnelStatusFields
      }
    }
  `,
  [TUNNEL_SETTINGS_FIELDS, TUNNEL_STATUS_FIELDS],
);

export const TUNNEL_STATUS_QUERY = graphql(
  `
    query TunnelStatus {
      tunnelStatus {
        ...TunnelStatusFields
      }
    }
  `,
  [TUNNEL_STATUS_FIELDS],
);

export const UPDATE_TUNNEL_SETTINGS = graphql(
  `
    mutation UpdateTunnelSettings($data: TunnelSettingsInput!) {
      updateTunnelSettings(data: $data) {
        ...TunnelSettingsFields
      }
    }
  `,
  [TUNNEL_SETTINGS_FIELDS],
);

export const SCAN_TUNNEL_HOST_KEY = graphql(`
  mutation ScanTunnelHostKey($data: TunnelHostKeyInput!) {
    scanTunnelHostKey(data: $data) {
      fingerprint
      failure
    }
  }
`);

export const OPEN_TUNNEL = graphql(
  `
    mutation OpenTunnel($duration_hours: Int!) {
      openTunnel(duration_hours: $duration_hours) {
        ...TunnelStatusFields
      }
    }
  `,
  [TUNNEL_STATUS_FIELDS],
);

export const CLOSE_TUNNEL = graphql(
  `
    mutation CloseTunnel {
      closeTunnel {
        ...TunnelStatusFields
      }
    }
  `,
  [TUNNEL_STATUS_FIELDS],
);
