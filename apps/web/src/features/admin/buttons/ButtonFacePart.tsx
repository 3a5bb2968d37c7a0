import type { ReactNode } from "react";
import { Badge, Box, Group, Paper, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { EnumField } from "@caresuite/domain";
import { enumLabelKey, fieldLabelKey } from "../../../entity-admin/entity-labels";
import type { EntityFormPartProps } from "../../../entity-admin/form-parts";
import * as TESTIDS from "../../../testids";

/** spec data §3.4 "Button: ... fn_a, fn_b, fn_c": the three function slots, in order. */
const SLOTS = [
  { field: "fn_a", letter: "A" },
  { field: "fn_b", letter: "B" },
  { field: "fn_c", letter: "C" },
] as const;

/**
 * The button's face as a technician sees it on the wall: its number and type, and what each of
 * the slots A/B/C does (labels of the enum catalogue). It follows the form's values as they change.
 */
export function ButtonFacePart({ entity, values }: EntityFormPartProps): ReactNode {
  const { t } = useTranslation();
  const number = typeof values["number"] === "number" || typeof values["number"] === "string" ? String(values["number"]) : "";
  const type = entity.fields["button_type"] as EnumField | undefined;
  const typeValue = typeof values["button_type"] === "string" ? values["button_type"] : null;

  return (
    <Box component="section" aria-labelledby="button-face-title" data-testid={TESTIDS.buttonFace.face}>
      <Text id="button-face-title" size="sm" fw={500} mb={6}>
        {t("buttonFace.title")}
      </Text>
      <Paper withBorder radius="lg" p="md" maw={460} bg="var(--mantine-color-gray-light)">
        <Group justify="space-between" mb="sm" wrap="nowrap">
          <Text fw={700} size="lg" ff="monospace" aria-label={t("buttonFace.number", { number: number || "–" })}>
            {number ? `#${number}` : "#–"}
          </Text>
          {type && typeValue && (
            <Badge variant="light" size="lg">
              {t(enumLabelKey(entity, "button_type", type, typeValue))}
            </Badge>
          )}
        </Group>
        <Stack gap="xs">
          {SLOTS.map(({ field, letter }) => {
            const def = entity.fields[field] as EnumField | undefined;
            const value = typeof values[field] === "string" ? values[field] : (def?.default ?? "inactive");
            const inactive = value === "inactive";
            return (
              <Group key={field} gap="sm" wrap="nowrap" data-testid={TESTIDS.buttonFace.slot(letter)} data-function={value}>
                <Box
                  aria-hidden
                  w={36}
                  h={36}
                  style={{
                    borderRadius: "50%",
                    display: "grid",
                    placeItems: "center",
                    fontWeight: 700,
                    flex: "none",
                    color: inactive ? "var(--mantine-color-dimmed)" : "var(--mantine-color-white)",
                    background: inactive ? "var(--mantine-color-default)" : "var(--mantine-primary-color-filled)",
                    border: "2px solid var(--mantine-color-default-border)",
                  }}
                >
                  {letter}
                </Box>
                <Text size="sm" c={inactive ? "dimmed" : undefined}>
                  <Text span size="xs" c="dimmed" mr={6}>
                    {t(fieldLabelKey(entity, field))}:
                  </Text>
                  {def ? t(enumLabelKey(entity, field, def, value)) : value}
                </Text>
              </Group>
            );
          })}
        </Stack>
      </Paper>
    </Box>
  );
}
