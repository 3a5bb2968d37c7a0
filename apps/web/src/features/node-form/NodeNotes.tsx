import { useState, type ReactNode } from "react";
import { Button, Group, Paper, Stack, Text, Textarea } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useMutation } from "urql";
import { formatDateTime } from "../../i18n/format";
import * as TESTIDS from "../../testids";
import { notify } from "../../ui/notify";
import { ADD_NODE_NOTE, NODE_CONTEXT, type NodeNote } from "./node-form.graphql";

/** spec data §3.1 "Note presets: battery replaced, defective, elevator lockdown, in repair, lost, replaced". */
export const NOTE_PRESETS = ["battery_replaced", "defective", "elevator_lockdown", "in_repair", "lost", "replaced"] as const;

function NoteView({ note, testId }: { note: NodeNote; testId: string }): ReactNode {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="xs" radius="sm" data-testid={testId} data-id={note.id}>
      <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
        {note.text}
      </Text>
      <Text size="xs" c="dimmed">
        {t("nodeForm.notes.by", { author: note.author, time: formatDateTime(note.created_at) })}
      </Text>
    </Paper>
  );
}

/**
 * The node's notes (spec data §3.6 "latest_note (text, created_at, user name)"; "Note: text,
 * author, created_at"): the latest first, the others below, and a new one from a preset or typed.
 */
export function NodeNotes({ nodeId, nodeName, notes, canAdd }: { nodeId: number; nodeName: string; notes: readonly NodeNote[]; canAdd: boolean }): ReactNode {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const [{ fetching }, add] = useMutation(ADD_NODE_NOTE);
  const [latest, ...older] = notes;

  const submit = async (): Promise<void> => {
    const result = await add({ node_id: nodeId, text: text.trim() }, NODE_CONTEXT);
    if (result.error || !result.data) {
      notify({ type: "error", title: t("nodeForm.notes.failed"), text: result.error?.graphQLErrors[0]?.message ?? t("errors.saveFailedText") });
      return;
    }
    setText("");
    notify({ type: "success", title: t("nodeForm.notes.addedTitle"), text: t("nodeForm.notes.addedText", { name: nodeName }) });
  };

  return (
    <Stack gap="xs" data-testid={TESTIDS.nodeForm.notes}>
      {latest ? (
        <Stack gap={4}>
          <Text size="xs" fw={600} tt="uppercase" c="dimmed">
            {t("nodeForm.notes.latest")}
          </Text>
          <NoteView note={latest} testId={TESTIDS.nodeForm.latestNote} />
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {t("nodeForm.notes.empty")}
        </Text>
      )}
      {older.map((note) => (
        <NoteView key={note.id} note={note} testId={TESTIDS.nodeForm.note} />
      ))}
      {canAdd && (
        <Stack gap={6}>
          <Text size="xs" c="dimmed" id="node-note-presets">
            {t("nodeForm.notes.presets")}
          </Text>
          <Group gap={6} role="group" aria-labelledby="node-note-presets">
            {NOTE_PRESETS.map((preset) => {
              const label = t(`nodeForm.notes.preset.${preset}`);
              return (
                <Button
                  key={preset}
                  size="compact-xs"
                  radius="xl"
                  variant={text === label ? "filled" : "default"}
                  aria-pressed={text === label}
                  onClick={() => setText(label)}
                  data-testid={TESTIDS.nodeForm.notePreset(preset)}
                >
                  {label}
                </Button>
              );
            })}
          </Group>
          <Textarea
            label={t("nodeForm.notes.new")}
            rows={3}
            resize="vertical"
            maxLength={500}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            data-testid={TESTIDS.nodeForm.noteText}
          />
          <Group justify="flex-end">
            <Button
              size="xs"
              variant="light"
              disabled={text.trim() === ""}
              loading={fetching}
              onClick={() => void submit()}
              data-testid={TESTIDS.nodeForm.noteAdd}
            >
              {t("nodeForm.notes.add")}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
