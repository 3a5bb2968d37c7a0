import type { ReactNode } from "react";
import { Button } from "@mantine/core";
import { IconKey } from "@tabler/icons-react";

/**
 * "Read key" beside an SSH host key fingerprint (remote access tunnel, online backup): asks the
 * server to connect and read the key the host shows, so the administrator compares it before saving.
 */
export function ReadHostKeyButton({ label, loading, onClick, testId }: { label: string; loading: boolean; onClick: () => void; testId: string }): ReactNode {
  return (
    <Button variant="light" leftSection={<IconKey size={16} />} loading={loading} onClick={onClick} data-testid={testId}>
      {label}
    </Button>
  );
}
