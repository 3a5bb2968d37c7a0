import { describe, expect, it } from "vitest";
import { bool, callSource, callType, defineEntity, isFieldRequired, schedule, file, int, oneOf, ref, refs, text, time } from "@caresuite/domain";
import { clientErrors, copyValues, emptyValues, formFields, parseRecordId, recordToValues, sameValues, storedSecrets, valuesToInput } from "./form-values";

/** One field of every kind the generic form handles. */
const probe = defineEntity({
  name: "probe",
  plural: "probes",
  table: "probes",
  route: "probes",
  systemScoped: true,
  permission: "admin::manage_system",
  sortable: true,
  displayField: "name",
  fields: {
    name: text({ required: true, max: 12 }),
    char: text({ max: 1, filter: "upper" }),
    level: int({ min: 1, max: 10, unit: "minutes" }),
    enabled: bool({ default: true }),
    urgency: oneOf(["NORMAL", "URGENT"], { default: "NORMAL" }),
    start: time({ default: 480 }),
    schedule_id: ref("schedule", { sentinels: [{ id: 255, label: "schedule_none" }], default: 255 }),
    sections: refs("section"),
    password: text({ max: 50, secret: true, required: true }),
    status: text({ max: 20, form: false }),
    map_path: file({ accept: ["image/png"], maxBytes: 1000 }),
  },
});

describe("parseRecordId", () => {
  // spec: "id -1 means a new record."
  it.each([
    [undefined, -1],
    ["-1", -1],
    ["7", 7],
    ["0", Number.NaN],
    ["abc", Number.NaN],
  ])("%s → %s", (param, expected) => {
    expect(parseRecordId(param)).toBe(expected);
  });
});

describe("form fields", () => {
  it("edits every field except server-set ones and files (set by their own upload)", () => {
    expect(formFields(probe).map(([name]) => name)).toEqual(["name", "char", "level", "enabled", "urgency", "start", "schedule_id", "sections", "password"]);
  });
});

describe("value conversions", () => {
  it("starts a new record from the registry defaults", () => {
    expect(emptyValues(probe)).toEqual({
      name: "",
      char: "",
      level: "",
      enabled: true,
      urgency: "NORMAL",
      start: "08:00",
      schedule_id: 255,
      sections: [],
      password: "",
    });
  });

  it("reads a record: nulls become empty inputs, secrets start empty, times stay HH:MM", () => {
    const values = recordToValues(probe, {
      id: 3,
      sort_order: 2,
      name: "Nacht",
      char: null,
      level: null,
      enabled: false,
      urgency: "URGENT",
      start: "22:30",
      schedule_id: null,
      sections: [1, 2],
      password_set: true,
    });
    expect(values).toEqual({
      name: "Nacht",
      char: "",
      level: "",
      enabled: false,
      urgency: "URGENT",
      start: "22:30",
      schedule_id: null,
      sections: [1, 2],
      password: "",
    });
  });

  it("writes the input: empty secret left out (kept), unchosen option left out, sort_order kept on update", () => {
    const values = { ...emptyValues(probe), name: "Tag", level: 5, urgency: null, sections: [4] };
    expect(valuesToInput(probe, values, { id: 3, sort_order: 7 })).toEqual({
      name: "Tag",
      char: "",
      level: 5,
      enabled: true,
      start: "08:00",
      schedule_id: 255,
      sections: [4],
      sort_order: 7,
    });
  });

  it("turns number input text into numbers, and keeps half-typed text for validation to reject", () => {
    expect(valuesToInput(probe, { ...emptyValues(probe), level: "" })["level"]).toBeNull();
    expect(valuesToInput(probe, { ...emptyValues(probe), level: "4" })["level"]).toBe(4);
    expect(valuesToInput(probe, { ...emptyValues(probe), level: "-" })["level"]).toBe("-");
  });

  it("a round trip record → form → input keeps every value", () => {
    const record = {
      id: 1,
      sort_order: 0,
      name: "A",
      char: "B",
      level: 3,
      enabled: true,
      urgency: "URGENT",
      start: "07:15",
      schedule_id: 20,
      sections: [9],
      password_set: false,
    };
    const input = valuesToInput(probe, recordToValues(probe, record), record);
    expect(input).toEqual({ name: "A", char: "B", level: 3, enabled: true, urgency: "URGENT", start: "07:15", schedule_id: 20, sections: [9], sort_order: 0 });
  });
});

describe("client validation", () => {
  const valid = { ...emptyValues(probe), name: "Tag", password: "secret" };

  it("passes a valid form", () => {
    expect(clientErrors(probe, valuesToInput(probe, valid))).toEqual({});
  });

  it("reports the first message per field with its placeholders (spec §5)", () => {
    const errors = clientErrors(probe, valuesToInput(probe, { ...valid, name: "", level: 11, start: "25:00" }));
    expect(errors["name"]).toEqual({ message: "validation.required", data: { field: "name" } });
    expect(errors["level"]).toMatchObject({ message: "validation.between", data: { min: 1, max: 10 } });
    expect(errors["start"]?.message).toBe("validation.format");
  });

  // 'A call type colour that is not a colour ("grün") ... must give a translated field error.'
  it("keeps a colour that is not one and names it on the field", () => {
    const values = { ...emptyValues(callType), name: "Ruf", char: "R", color: "grün" };
    expect(valuesToInput(callType, values)["color"]).toBe("grün");
    expect(clientErrors(callType, valuesToInput(callType, values))["color"]?.message).toBe("validation.colour");
  });

  // 'Call source "Text" is required by the server but not marked in the form. Every field
  // the server requires shows as required.'
  it("marks and checks the call source text as the server does (allow_empty_call_source_names)", () => {
    const values = { ...emptyValues(callSource), char: "A", number: 12, text: "" };
    const input = valuesToInput(callSource, values);
    expect(isFieldRequired(callSource.fields.text, null)).toBe(true);
    expect(clientErrors(callSource, input)["text"]).toEqual({ message: "validation.required", data: { field: "text" } });
    expect(clientErrors(callSource, input, new Set(), { allow_empty_call_source_names: true })).toEqual({});
  });

  // "Schedule times accept `0800` as well as `08:00`".
  it("accepts schedule times typed without the colon", () => {
    const values = { ...emptyValues(schedule), name: "Tag", time_1: "0800", time_2: "19:30" };
    expect(clientErrors(schedule, valuesToInput(schedule, values))).toEqual({});
    expect(clientErrors(schedule, valuesToInput(schedule, { ...values, time_2: "0700" }))["time_2"]?.message).toBe("validation.time_overlap");
  });

  it("lets a stored required secret stay empty, but not a missing one", () => {
    const input = valuesToInput(probe, { ...valid, password: "" });
    expect(clientErrors(probe, input)["password"]?.message).toBe("validation.required");
    const stored = storedSecrets(probe, { id: 1, password_set: true });
    expect(clientErrors(probe, input, stored)).toEqual({});
  });
});

describe("copy", () => {
  // spec: "Copying resets id to -1." The values stay, the name is marked as a copy.
  const copyName = (name: string): string => `${name} (Kopie)`;

  it("keeps every value and names the copy", () => {
    const values = { ...emptyValues(probe), name: "Tag", level: 4 };
    expect(copyValues(probe, values, copyName)).toEqual({ ...values, name: "Tag (Kopie)" });
  });

  it("shortens the name so that the copy still fits the field", () => {
    const copied = copyValues(probe, { ...emptyValues(probe), name: "Frühdienst A" }, copyName);
    expect(copied["name"]).toBe("Früh (Kopie)");
    expect(String(copied["name"]).length).toBeLessThanOrEqual(12);
  });
});

describe("unsaved changes", () => {
  it("compares values, not object identity", () => {
    expect(sameValues(emptyValues(probe), emptyValues(probe))).toBe(true);
    expect(sameValues(emptyValues(probe), { ...emptyValues(probe), sections: [1] })).toBe(false);
  });
});
