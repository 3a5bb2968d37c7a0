/** The technical report form's "send now" part (its own file: testids.ts is shared by every page). */
export const REPORT_TESTIDS = {
  sendNow: "technicalReport.sendNow",
  /** The outcome, with `data-ok` (true or false). */
  sendResult: "technicalReport.sendResult",
} as const;
