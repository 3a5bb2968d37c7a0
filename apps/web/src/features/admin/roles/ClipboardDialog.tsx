import { useState, type ReactNode } from "react";
import { Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { useTranslation } from "react-i18next";
import * as TESTIDS from "../../../testids";

export type ClipboardDialogState = { mode: "copy"; text: string } | { mode: "paste" } | null;

interface ClipboardDialogProps {
  state: ClipboardDialogState;
  onClose: () => void;
  /** The pasted text (paste mode). */
  onApply: (text: string) => void;
}

// Above the role form's modal route (route modals start at 200 and stack by 10).
const Z_INDEX = 400;

/** The fallback when the browser gives no clipboard access: copy from, or paste into, a text area. */
export function ClipboardDialog({ state, onClose, onApply }: ClipboardDialogProps): ReactNode {
  const { t } = useTranslation();
  const [pasted, setPasted] = useState("");
  const copying = state?.mode === "copy";

  return (
    <Modal
      opened={state !== null}
      onClose={onClose}
      zIndex={Z_INDEX}
      size="lg"
      title={copying ? t("roles.clipboard.copyTitle") : t("roles.clipboard.pasteTitle")}
      closeButtonProps={{ "aria-label": t("common.close") }}
      data-testid={TESTIDS.roles.clipboardDialog}
    >
      <Stack gap="sm">
        <Text size="sm">{copying ? t("roles.clipboard.copyHint") : t("roles.clipboard.pasteHint")}</Text>
        <Textarea
          aria-label={copying ? t("roles.clipboard.copyTitle") : t("roles.clipboard.pasteTitle")}
          value={copying ? state.text : pasted}
          readOnly={copying}
          onChange={(event) => setPasted(event.currentTarget.value)}
          onFocus={(event) => copying && event.currentTarget.select()}
          autosize
          minRows={6}
          maxRows={14}
          styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)", fontSize: 12 } }}
          data-autofocus
          data-testid={TESTIDS.roles.clipboardText}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t("common.close")}
          </Button>
          {!copying && (
            <Button
              onClick={() => {
                onApply(pasted);
                setPasted("");
              }}
              disabled={pasted.trim() === ""}
              data-testid={TESTIDS.roles.clipboardApply}
            >
              {t("roles.clipboard.apply")}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
