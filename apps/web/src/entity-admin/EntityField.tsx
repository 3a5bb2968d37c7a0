import type { ReactNode } from "react";
import { ColorInput, NumberInput, Select, Switch, Textarea, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { applyInputFilter, formatTimeOfDay, parseTimeOfDay, type EntityDef, type FieldDef, type RefField, type RefListField } from "@caresuite/domain";
import * as TESTIDS from "../testids";
import { enumLabelKey, fieldHelpKey, fieldLabelKey, unitKey } from "./entity-labels";
import type { FormValue } from "./form-values";
import { RefPicker, RefsPicker } from "./RefPicker";
import { PasswordField } from "../ui/PasswordField";

export interface EntityFieldProps {
  entity: EntityDef;
  name: string;
  field: FieldDef;
  value: FormValue;
  onChange: (value: FormValue) => void;
  /** The translated first error of the field. */
  error?: string;
  /** A secret field has a stored value (`<field>_set`). */
  secretStored?: boolean;
  disabled?: boolean;
  /** Whether the server requires it now (a global setting may require a field: isFieldRequired). */
  required?: boolean;
}

interface CommonProps {
  label: string;
  description?: string;
  error?: string;
  withAsterisk?: boolean;
  disabled?: boolean;
  "data-testid": string;
}

function RefInput({
  field,
  value,
  onChange,
  common,
}: {
  field: RefField | RefListField;
  value: FormValue;
  onChange: (value: FormValue) => void;
  common: CommonProps;
}): ReactNode {
  if (field.kind === "refs") {
    return <RefsPicker {...common} field={field} value={Array.isArray(value) ? (value as number[]) : []} onChange={(ids) => onChange(ids)} clearable />;
  }
  return (
    <RefPicker
      {...common}
      field={field}
      value={typeof value === "number" ? value : null}
      onChange={(id) => onChange(id)}
      clearable={!field.required}
      allowDeselect={!field.required}
    />
  );
}

/** One input of the generic form, chosen by the field's kind (ARCHITECTURE «Entity registry»: the form is derived). */
export function EntityField({
  entity,
  name,
  field,
  value,
  onChange,
  error,
  secretStored = false,
  disabled,
  required = field.required === true,
}: EntityFieldProps): ReactNode {
  const { t } = useTranslation();
  const common: CommonProps = {
    label: t(fieldLabelKey(entity, name)),
    description: field.help ? t(fieldHelpKey(entity, name)) : undefined,
    error,
    withAsterisk: required && !(field.secret && secretStored),
    disabled,
    "data-testid": TESTIDS.entityForm.field(name),
  };
  const text = typeof value === "string" ? value : "";

  switch (field.kind) {
    case "bool":
      return (
        <Switch
          label={common.label}
          description={common.description}
          error={error}
          disabled={disabled}
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked)}
          data-testid={common["data-testid"]}
        />
      );
    case "int":
      return (
        <NumberInput
          {...common}
          value={typeof value === "number" || typeof value === "string" ? value : ""}
          onChange={(next) => onChange(next)}
          min={field.min}
          max={field.max}
          // No silent clamping on blur: a value out of range stays as typed and the shared schema
          // says why ("must be between {min} and {max}", spec §5), so the user sees what was wrong.
          clampBehavior="none"
          allowDecimal={false}
          rightSection={field.unit ? <span>{t(unitKey(field.unit))}</span> : undefined}
          rightSectionWidth={field.unit ? 96 : undefined}
          rightSectionPointerEvents="none"
          styles={field.unit ? { section: { justifyContent: "flex-end", paddingRight: 12, color: "var(--mantine-color-dimmed)" } } : undefined}
        />
      );
    case "enum":
      return (
        <Select
          {...common}
          data={field.values.map((option) => ({ value: option, label: t(enumLabelKey(entity, name, field, option)) }))}
          value={typeof value === "string" ? value : null}
          onChange={(next) => onChange(next)}
          allowDeselect={!field.required && field.default === undefined}
          clearable={!field.required && field.default === undefined}
        />
      );
    case "time":
      return (
        <TextInput
          {...common}
          value={text}
          onChange={(event) => onChange(event.currentTarget.value)}
          // "0800" is accepted; shown back as "08:00" so that what is saved is what is seen.
          onBlur={() => {
            const minutes = parseTimeOfDay(text);
            if (minutes !== null) onChange(formatTimeOfDay(minutes));
          }}
          placeholder={t("entityForm.timePlaceholder")}
          inputMode="numeric"
          maxLength={5}
          w={120}
        />
      );
    case "ref":
    case "refs":
      return <RefInput field={field} value={value} onChange={onChange} common={common} />;
    case "file":
      return null;
    case "text":
      break;
  }

  if (field.secret) {
    return (
      <PasswordField
        {...common}
        description={secretStored ? t("entityForm.secretStored") : common.description}
        value={text}
        onChange={(event) => onChange(event.currentTarget.value)}
        autoComplete="new-password"
      />
    );
  }
  if (field.format === "date") {
    // The native date picker speaks the API's "YYYY-MM-DD".
    return <TextInput {...common} type="date" value={text} onChange={(event) => onChange(event.currentTarget.value)} w={200} />;
  }
  if (field.format === "color") {
    // fixOnBlur off: Mantine would put the last valid colour back on blur, dropping "grün"
    // silently; the value stays so that the schema names it (validation.colour).
    return <ColorInput {...common} format="hex" fixOnBlur={false} value={text} onChange={(next) => onChange(next)} />;
  }
  // spec: "Input filter: on blur and update, value uppercased and stripped of [other] characters".
  const onBlur = field.filter === "upper" ? () => onChange(applyInputFilter(text)) : undefined;
  if (field.multiline) {
    return <Textarea {...common} value={text} onChange={(event) => onChange(event.currentTarget.value)} onBlur={onBlur} autosize minRows={2} maxRows={8} />;
  }
  return <TextInput {...common} value={text} onChange={(event) => onChange(event.currentTarget.value)} onBlur={onBlur} />;
}
