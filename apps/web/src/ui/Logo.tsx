import type { ReactNode } from "react";
import { Group, Text } from "@mantine/core";
import { PRODUCT_NAME } from "@caresuite/domain";

/** The product mark: a cross in a rounded square, plus the name unless `compact`. */
export function Logo({ compact = false, size = 28 }: { compact?: boolean; size?: number }): ReactNode {
  return (
    <Group gap={8} wrap="nowrap">
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill="var(--mantine-primary-color-filled)" />
        <path d="M13 7h6v6h6v6h-6v6h-6v-6H7v-6h6z" fill="#fff" />
      </svg>
      {!compact && (
        <Text fw={700} size="lg" c="var(--mantine-color-text)">
          {PRODUCT_NAME}
        </Text>
      )}
    </Group>
  );
}
