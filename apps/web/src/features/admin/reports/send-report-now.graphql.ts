import { graphql } from "../../../api/graphql";

export const SEND_TECHNICAL_REPORT_NOW = graphql(`
  mutation SendTechnicalReportNow($id: Int!) {
    sendTechnicalReportNow(id: $id) {
      ok
      failure
    }
  }
`);
