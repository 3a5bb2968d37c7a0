import { graphql } from "../../../api/graphql";

/** The online backup section of /admin/backups (docs/decisions/045-online-backup.md). */
export const ONLINE_BACKUP_QUERY = graphql(`
  query OnlineBackup {
    onlineBackupSettings {
      enabled
      path
      host_key_fingerprint
      has_token
    }
    onlineBackupStatus {
      state
      error
      last_ok
      last_name
      last_at
    }
  }
`);

export const UPDATE_ONLINE_BACKUP = graphql(`
  mutation UpdateOnlineBackup($data: OnlineBackupSettingsInput!) {
    updateOnlineBackupSettings(data: $data) {
      enabled
      path
      host_key_fingerprint
      has_token
    }
  }
`);

/** "Read key": the host key the path's host presents, for pinning (only from this machine). */
export const SCAN_ONLINE_BACKUP_HOST_KEY = graphql(`
  mutation ScanOnlineBackupHostKey($data: OnlineBackupHostKeyInput!) {
    scanOnlineBackupHostKey(data: $data) {
      fingerprint
      failure
    }
  }
`);
