import { describe, expect, it } from "vitest";
import { callType, schedule } from "@caresuite/domain";
import { formCells } from "./form-layout";
import { formFields } from "./form-values";

const shape = (cells: ReturnType<typeof formCells>): string[][] =>
  cells.map((cell) => (cell.kind === "times" ? cell.fields.map(([name]) => name) : [cell.name]));

describe("formCells", () => {
  // "Schedule times ... the fields are laid out in reading order."
  it("puts the schedule steps in one row, in their order, between the name and the interval", () => {
    expect(shape(formCells(formFields(schedule)))).toEqual([["name"], ["time_1", "time_2", "time_3", "time_4", "time_5"], ["interval"]]);
  });

  it("leaves switches to their own grid and keeps the registry order", () => {
    expect(shape(formCells(formFields(callType)))).toEqual([
      ["name"],
      ["char"],
      ["color"],
      ["urgency"],
      ["flag"],
      ["text"],
      ["indication_type"],
      ["led_primary_color"],
      ["led_secondary_color"],
    ]);
  });
});
