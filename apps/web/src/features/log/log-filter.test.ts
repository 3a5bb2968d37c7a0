import { describe, expect, it } from "vitest";
import { LOG_DATE_RANGES } from "@caresuite/domain";
import deLog from "../../i18n/locales/log/de.json";
import {
  DEFAULT_LOG_FILTER,
  LOG_PERIODS,
  filterFromParams,
  filterToParams,
  filterToQuery,
  formatDuration,
  logFilterToSavedFilter,
  savedFilterToLogFilter,
  pageCount,
  periodLabelKey,
  sortBy,
  withChange,
  type LogFilterState,
} from "./log-filter";

const full: LogFilterState = {
  period: "CUSTOM",
  from: "2026-11-01",
  to: "2026-11-20",
  callTypeIds: [3, 7],
  sectionIds: [2],
  nodeIds: [42, 43],
  state: "OPEN",
  minDurationMinutes: 5,
  sort: "DURATION",
  direction: "ASC",
  page: 2,
};

describe("the log filter in the URL", () => {
  it("round-trips every field, so a reload or a shared link keeps it", () => {
    expect(filterFromParams(filterToParams(full))).toEqual(full);
  });

  it("leaves the defaults out: the plain /log is the default filter", () => {
    expect(filterToParams(DEFAULT_LOG_FILTER).toString()).toBe("");
    expect(filterFromParams(new URLSearchParams())).toEqual(DEFAULT_LOG_FILTER);
  });

  it.each([
    ["period=BOGUS", { period: "HOURS_24" }],
    ["types=1,x,-2,1,3", { callTypeIds: [1, 3] }],
    ["nodes=abc", { nodeIds: [] }],
    ["state=maybe", { state: "ALL" }],
    ["min=0", { minDurationMinutes: null }],
    ["sort=DROP TABLE", { sort: "OPENED_AT" }],
    ["dir=sideways", { direction: "DESC" }],
    ["page=0", { page: 0 }],
    ["from=2026-01-01", { from: "" }],
  ])("falls back to the default for %s", (query, expected) => {
    expect(filterFromParams(new URLSearchParams(query))).toMatchObject(expected);
  });

  it("reads node=ID, how other screens link to one node's calls", () => {
    expect(filterFromParams(new URLSearchParams("node=12")).nodeIds).toEqual([12]);
  });

  it("keeps a typed custom date as it is, for the server to say what is wrong", () => {
    expect(filterFromParams(new URLSearchParams("period=CUSTOM&from=31.02.2026")).from).toBe("31.02.2026");
  });
});

describe("the server filter", () => {
  it("asks a named range, or the custom from–to instead", () => {
    expect(filterToQuery({ ...DEFAULT_LOG_FILTER, period: "YESTERDAY" })).toMatchObject({ range: "YESTERDAY" });
    const custom = filterToQuery(full, 50);
    expect(custom.range).toBeUndefined();
    expect(custom).toMatchObject({
      from: "2026-11-01",
      to: "2026-11-20",
      call_type_ids: [3, 7],
      section_ids: [2],
      node_ids: [42, 43],
      state: "OPEN",
      min_duration_seconds: 300,
      sort: "DURATION",
      direction: "ASC",
      offset: 100,
      limit: 50,
      with_total: true,
    });
  });

  it("sends no empty lists", () => {
    const query = filterToQuery(DEFAULT_LOG_FILTER);
    expect(query).not.toHaveProperty("call_type_ids");
    expect(query).not.toHaveProperty("section_ids");
    expect(query).not.toHaveProperty("node_ids");
    expect(query).not.toHaveProperty("min_duration_seconds");
  });
});

describe("changing the filter", () => {
  it("starts again on the first page unless only the page changes", () => {
    expect(withChange(full, { state: "CLOSED" }).page).toBe(0);
    expect(withChange(full, { page: 4 }).page).toBe(4);
  });

  it("flips the direction on the same column and starts descending on another", () => {
    expect(sortBy({ ...DEFAULT_LOG_FILTER, sort: "DURATION", direction: "DESC" }, "DURATION")).toMatchObject({ direction: "ASC" });
    expect(sortBy({ ...DEFAULT_LOG_FILTER, sort: "DURATION", direction: "ASC" }, "DURATION")).toMatchObject({ direction: "DESC" });
    expect(sortBy({ ...DEFAULT_LOG_FILTER, sort: "DURATION", direction: "ASC" }, "SECTION")).toMatchObject({ sort: "SECTION", direction: "DESC" });
  });
});

describe("period labels", () => {
  // spec §9 "Log date ranges: 1, 12, 24 hours, 7, 14, 30 days, yesterday, day before yesterday, this year, last year, since beginning"
  it("offers all 11 named ranges and the custom period", () => {
    expect(LOG_PERIODS).toEqual([...LOG_DATE_RANGES, "CUSTOM"]);
    expect(LOG_DATE_RANGES).toHaveLength(11);
  });

  it.each(LOG_PERIODS)("%s has a German label", (period) => {
    const key = periodLabelKey(period).replace(/^log\.periods\./, "");
    expect(deLog.log.periods[key as keyof typeof deLog.log.periods]).toBeTruthy();
  });
});

describe("pages and durations", () => {
  it.each([
    [null, false, 1],
    [0, false, 1],
    [50, false, 1],
    [51, false, 2],
    [5000, true, 101],
  ] as const)("total %s (capped %s) gives %s pages", (total, capped, pages) => {
    expect(pageCount(total, capped, 50)).toBe(pages);
  });

  it.each([
    [null, "–"],
    [0, "00:00"],
    [65, "01:05"],
    [3599, "59:59"],
    [3661, "1:01:01"],
  ] as const)("%s seconds read %s", (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});

describe("saved filters", () => {
  const saved = {
    range: "CUSTOM",
    custom_from: "2026-11-01",
    custom_to: "2026-11-08",
    call_type_ids: [3, 4],
    section_ids: [7],
    node_ids: [12, 13],
    state: "OPEN",
    min_duration: 90,
  };

  it.each([
    ["a custom period keeps its dates", saved, { period: "CUSTOM", from: "2026-11-01", to: "2026-11-08" }],
    ["a named range drops stored dates", { ...saved, range: "DAYS_7" }, { period: "DAYS_7", from: "", to: "" }],
    ["an unknown range falls back to the default", { ...saved, range: "FORTNIGHT" }, { period: "HOURS_24" }],
    ["the state is read in either case", { ...saved, state: "closed" }, { state: "CLOSED" }],
    ["seconds round up to minutes", saved, { minDurationMinutes: 2 }],
    ["no minimum", { ...saved, min_duration: 0 }, { minDurationMinutes: null }],
    ["every node is applied", saved, { nodeIds: [12, 13] }],
    ["no node", { ...saved, node_ids: [] }, { nodeIds: [] }],
    ["ids are copied", saved, { callTypeIds: [3, 4], sectionIds: [7] }],
    ["sort and page are the log's defaults", saved, { sort: "OPENED_AT", direction: "DESC", page: 0 }],
  ] as const)("apply: %s", (_name, input, expected) => {
    expect(savedFilterToLogFilter(input)).toMatchObject(expected);
  });

  it("saving the log's filter and applying it again gives the same URL", () => {
    const state = { ...full, page: 0, sort: "OPENED_AT" as const, direction: "DESC" as const };
    expect(filterToParams(savedFilterToLogFilter(logFilterToSavedFilter(state))).toString()).toBe(filterToParams(state).toString());
  });

  it("saves minutes as seconds and a named range without dates", () => {
    expect(logFilterToSavedFilter({ ...DEFAULT_LOG_FILTER, from: "2026-01-01", minDurationMinutes: 5 })).toMatchObject({
      range: "HOURS_24",
      custom_from: null,
      custom_to: null,
      node_ids: [],
      min_duration: 300,
    });
  });
});
