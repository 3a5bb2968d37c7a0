import { graphql } from "../../../api/graphql";

/** /admin/backups (admin::manage_backups, management licence): settings, good backups, recent jobs. */
export const BACKUP_OVERVIEW_QUERY = graphql(`
  query BackupOverview {
    backupOverview {
      destination
      settings {
        enabled
        time
        retention
      }
      backups {
        name
        created_at
        trigger
        size
        migration
        product_version
      }
      jobs {
        id
        kind
        trigger
        status
        folder
        progress
        error
        started_at
        finished_at
      }
    }
  }
`);

export const UPDATE_BACKUP_SETTINGS = graphql(`
  mutation UpdateBackupSettings($data: BackupSettingsInput!) {
    updateBackupSettings(data: $data) {
      enabled
      time
      retention
    }
  }
`);

export const START_BACKUP = graphql(`
  mutation StartBackup {
    startBackup {
      id
      status
      progress
    }
  }
`);

export const RESTORE_BACKUP = graphql(`
  mutation RestoreBackup($name: String!) {
    restoreBackup(name: $name) {
      name
      restored_at
    }
  }
`);
