import { describe, expect, it } from "vitest";
import { AUDIT_PAGE_SIZE } from "@caresuite/domain";
import { auditPagesReducer, canLoadMore, initialAuditPages, type AuditPages } from "./audit-pages";

type Row = { id: number; action: string };
const page = (count: number, from = 0, last = "updated"): Row[] =>
  Array.from({ length: count }, (_, index) => ({ id: from + index, action: index === count - 1 ? last : "updated" }));
const start = initialAuditPages<Row>();

describe("audit paging (spec §4)", () => {
  it("asks for more while the last page had 60 entries, with the offset moved on", () => {
    let state: AuditPages<Row> = auditPagesReducer(start, { type: "request" });
    expect(canLoadMore(state)).toBe(false);
    state = auditPagesReducer(state, { type: "loaded", page: page(AUDIT_PAGE_SIZE), mode: "log" });
    expect(state).toMatchObject({ offset: 60, done: false, loading: false });
    expect(canLoadMore(state)).toBe(true);
    state = auditPagesReducer(state, { type: "loaded", page: page(59, 60), mode: "log" });
    expect(state).toMatchObject({ offset: 119, done: true });
    expect(state.entries).toHaveLength(119);
    expect(canLoadMore(state)).toBe(false);
  });

  it("since last commit: stops on an empty page or one ending with gets_committed", () => {
    expect(auditPagesReducer(start, { type: "loaded", page: page(60), mode: "sinceLastCommit" }).done).toBe(false);
    expect(auditPagesReducer(start, { type: "loaded", page: page(3, 0, "gets_committed"), mode: "sinceLastCommit" }).done).toBe(true);
    expect(auditPagesReducer(start, { type: "loaded", page: [], mode: "sinceLastCommit" }).done).toBe(true);
  });

  it("spec: changing the start time resets offset and list", () => {
    const loaded = auditPagesReducer(start, { type: "loaded", page: page(60), mode: "log" });
    expect(auditPagesReducer(loaded, { type: "reset" })).toEqual(start);
  });

  it("keeps the list after a failed page and allows no auto-load until retried", () => {
    const loaded = auditPagesReducer(start, { type: "loaded", page: page(60), mode: "log" });
    const failed = auditPagesReducer(auditPagesReducer(loaded, { type: "request" }), { type: "failed" });
    expect(failed).toMatchObject({ failed: true, loading: false, offset: 60 });
    expect(failed.entries).toHaveLength(60);
    expect(canLoadMore(failed)).toBe(false);
  });
});
