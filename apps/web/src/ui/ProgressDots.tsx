import type { ReactNode } from "react";
import { Box, Group } from "@mantine/core";

interface ProgressDotsProps {
  total: number;
  /** 1-based. */
  current: number;
  label: string;
  testId?: string;
}

/** A row of dots; done and current ones filled, the current one wider. */
export function ProgressDots({ total, current, label, testId }: ProgressDotsProps): ReactNode {
  return (
    <Group gap={8} justify="center" role="img" aria-label={label} data-testid={testId}>
      {Array.from({ length: total }, (_, index) => {
        const step = index + 1;
        const reached = step <= current;
        return (
          <Box
            key={step}
            h={10}
            w={step === current ? 28 : 10}
            bg={reached ? "var(--mantine-primary-color-filled)" : "var(--mantine-color-gray-3)"}
            style={{ borderRadius: 5, transition: "width 150ms ease" }}
            data-step={step}
            data-current={step === current || undefined}
          />
        );
      })}
    </Group>
  );
}
