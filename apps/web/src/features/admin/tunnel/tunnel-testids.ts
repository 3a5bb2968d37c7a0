/**
 * Test ids of /admin/tunnel. Kept with the feature, not in testids.ts, which the /login and
 * /display bundles carry.
 */
export const TUNNEL_TESTIDS = {
  page: "tunnel.page",
  form: "tunnel.form",
  field: (name: string): string => `tunnel.field.${name}`,
  secretState: (name: string): string => `tunnel.secretState.${name}`,
  scan: "tunnel.scan",
  scanResult: "tunnel.scanResult",
  save: "tunnel.save",
  error: "tunnel.error",
  status: "tunnel.status",
  switch: "tunnel.switch",
  duration: "tunnel.duration",
  actionError: "tunnel.actionError",
  loadError: "tunnel.loadError",
} as const;
