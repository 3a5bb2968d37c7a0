import type { ReactNode } from "react";
import { NumberInput, Select, Switch, Textarea, TextInput, type ComboboxItem } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { NodeChoicePurpose, RefField, RefListField } from "@caresuite/domain";
import { RefPicker, RefsPicker } from "../../entity-admin/RefPicker";
import * as TESTIDS from "../../testids";
import { SearchSelect } from "../../ui/SearchSelect";
import { useNodeForm } from "./node-form-context";
import { filterNodeText, type NodeFormField, type NodeFormValues } from "./node-form-values";
import { useNodeChoices } from "./useNodeChoices";

type FieldsOf<T> = { [K in NodeFormField]: NodeFormValues[K] extends T ? K : never }[NodeFormField];

/** The label, error, read-only state and test id every input of the form shares. */
function useCommon(name: NodeFormField): { label: string; error?: string; readOnly: boolean; variant: "filled" | "default"; "data-testid": string } {
  const { t } = useTranslation();
  const { errorOf, readOnly } = useNodeForm();
  const locked = readOnly(name);
  return {
    label: t(`nodeForm.fields.${name}`),
    error: errorOf(name),
    readOnly: locked,
    // Read-only inputs look it: filled, like the disabled switches beside them.
    variant: locked ? "filled" : "default",
    "data-testid": TESTIDS.entityForm.field(name),
  };
}

/** A plain text input (serial, MAC, callback number, position). */
export function NodeTextInput({ name, description, required }: { name: FieldsOf<string>; description?: string; required?: boolean }): ReactNode {
  const { values, set } = useNodeForm();
  const common = useCommon(name);
  return (
    <TextInput
      {...common}
      description={description}
      withAsterisk={required && !common.readOnly}
      value={values[name]}
      onChange={(e) => set(name, e.currentTarget.value)}
    />
  );
}

/** The comment: several lines. */
export function NodeTextarea({ name }: { name: FieldsOf<string> }): ReactNode {
  const { values, set } = useNodeForm();
  // Fixed rows, resizable by hand: autosize measures computed styles on mount, a forced layout
  // that cost about 30 ms of every form opened (bench/tree.ts).
  return <Textarea {...useCommon(name)} rows={3} resize="vertical" value={values[name]} onChange={(e) => set(name, e.currentTarget.value)} />;
}

/**
 * A display text of the call system (spec data §5 "Short text max 7 ... Long text max 19"):
 * a live counter, and the spec's input filter on blur ("on blur and update").
 */
export function NodeDisplayText({ name, max, description }: { name: FieldsOf<string>; max: number; description?: ReactNode }): ReactNode {
  const { t } = useTranslation();
  const { values, set } = useNodeForm();
  const common = useCommon(name);
  const value = values[name];
  const over = value.length > max;
  return (
    <TextInput
      {...common}
      description={description}
      value={value}
      onChange={(e) => set(name, e.currentTarget.value)}
      onBlur={() => set(name, filterNodeText(value))}
      autoCapitalize="characters"
      spellCheck={false}
      rightSectionWidth={56}
      rightSection={
        <span
          aria-live="polite"
          aria-label={t("nodeForm.help.textCounter", { count: value.length, max })}
          style={{ fontSize: "var(--mantine-font-size-xs)", color: over ? "var(--mantine-color-error)" : "var(--mantine-color-dimmed)" }}
          data-testid={TESTIDS.nodeForm.counter(name)}
        >
          {value.length}/{max}
        </span>
      }
    />
  );
}

/** A number (sound levels, display time); "" while empty. */
export function NodeNumberInput({ name, min, max, description }: { name: FieldsOf<number | "">; min?: number; max?: number; description?: string }): ReactNode {
  const { values, set } = useNodeForm();
  return (
    <NumberInput
      {...useCommon(name)}
      description={description}
      min={min}
      max={max}
      allowDecimal={false}
      value={values[name]}
      onChange={(next) => set(name, typeof next === "number" ? next : next === "" ? "" : Number(next))}
    />
  );
}

/** A yes/no switch. Switches cannot be read-only: a read-only one is disabled. */
export function NodeSwitch({ name, description }: { name: FieldsOf<boolean>; description?: ReactNode }): ReactNode {
  const { values, set } = useNodeForm();
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- a switch has no input variant
  const { readOnly, error, variant, ...common } = useCommon(name);
  return (
    <Switch
      {...common}
      error={error}
      description={description}
      disabled={readOnly}
      checked={values[name]}
      onChange={(e) => set(name, e.currentTarget.checked)}
    />
  );
}

/** A choice from a fixed list (the kind). */
export function NodeSelect({ name, data }: { name: FieldsOf<string>; data: ComboboxItem[] }): ReactNode {
  const { values, set } = useNodeForm();
  const common = useCommon(name);
  return <Select {...common} data={data} value={values[name]} onChange={(next) => next !== null && set(name, next)} allowDeselect={false} searchable />;
}

/** A choice among the tree's nodes (parent, linked node), searched on the server. */
export function NodePicker({
  name,
  purpose,
  currentName,
  description,
}: {
  name: "parent_id" | "linked_system_tree_node_id";
  purpose: NodeChoicePurpose;
  /** The current value's name when the form knows it (the direct parent). */
  currentName: string | null;
  description?: ReactNode;
}): ReactNode {
  const { t } = useTranslation();
  const { values, set, nodeId } = useNodeForm();
  const value = values[name];
  const choices = useNodeChoices(purpose, nodeId, value, currentName);
  return (
    <SearchSelect
      {...useCommon(name)}
      description={description}
      data={choices.options}
      onSearch={choices.onSearch}
      onDropdownOpen={choices.onOpen}
      fetching={choices.fetching}
      value={value === null ? null : String(value)}
      onChange={(next) => set(name, next === null ? null : Number(next))}
      clearable
      placeholder={choices.failed ? t("entityForm.optionsError") : undefined}
      nothingFoundMessage={t("entityForm.noOptions")}
    />
  );
}

/** A reference to a configuration record (section, call source, schedule, flight profile). */
export function NodeRefSelect({ name, field, description }: { name: FieldsOf<number | null>; field: RefField; description?: ReactNode }): ReactNode {
  const { values, set } = useNodeForm();
  return <RefPicker {...useCommon(name)} field={field} description={description} value={values[name]} onChange={(next) => set(name, next)} clearable />;
}

/** References to several records (display groups). */
export function NodeRefsSelect({ name, field }: { name: FieldsOf<number[]>; field: RefListField }): ReactNode {
  const { values, set } = useNodeForm();
  return <RefsPicker {...useCommon(name)} field={field} value={values[name]} onChange={(next) => set(name, next)} clearable />;
}
