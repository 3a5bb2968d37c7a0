import { graphql, type ResultOf } from "../../api/graphql";

/**
 * spec "configChangelog (deprecated): status, error, progress, config, changelog; polled every
 * 4000 ms with no cache while the commit popup is open". The popup needs the state of the publish,
 * not the list of differences: only those fields are asked for.
 */
export const COMMIT_POPUP_CHANGELOG = graphql(`
  query CommitPopupChangelog {
    configChangelog {
      status
      error
      progress
      step
    }
  }
`);

export type CommitPopupChangelog = ResultOf<typeof COMMIT_POPUP_CHANGELOG>["configChangelog"];

/** spec "getsHTTPError (action, checks, message, payload, url, success)": a failed request to the call system. */
export const GETS_HTTP_ERROR = graphql(`
  subscription GetsHttpError {
    getsHTTPError {
      action
      checks
      message
      payload
      url
      success
    }
  }
`);

export type GetsHttpError = ResultOf<typeof GETS_HTTP_ERROR>["getsHTTPError"];
