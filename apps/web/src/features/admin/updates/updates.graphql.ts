import { graphql } from "../../../api/graphql";

/** Signed updates (admin::manage_system, management licence; docs/decisions/043-signed-updates.md). */
const UPDATE_STATUS_FIELDS = graphql(`
  fragment UpdateStatusFields on UpdateStatus {
    running_version
    state
    slow
    to_version
    from_version
    started_at
    error
    supervised
  }
`);

export const UPDATE_STATUS_QUERY = graphql(
  `
    query UpdateStatus {
      updateStatus {
        ...UpdateStatusFields
      }
    }
  `,
  [UPDATE_STATUS_FIELDS],
);

/** spec §7 "multipart for uploads": the package travels as the `file` variable. */
export const UPLOAD_UPDATE_PACKAGE = graphql(
  `
    mutation UploadUpdatePackage($file: Upload!) {
      uploadUpdatePackage(file: $file) {
        ...UpdateStatusFields
      }
    }
  `,
  [UPDATE_STATUS_FIELDS],
);

export const INSTALL_UPDATE = graphql(
  `
    mutation InstallUpdate {
      installUpdate {
        ...UpdateStatusFields
      }
    }
  `,
  [UPDATE_STATUS_FIELDS],
);
