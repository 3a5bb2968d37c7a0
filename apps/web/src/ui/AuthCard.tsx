import type { ReactNode } from "react";
import { Box, Center, Paper, Stack, Text, Title } from "@mantine/core";
import { Logo } from "./Logo";

interface AuthCardProps {
  title: string;
  subtitle?: string;
  footer?: ReactNode;
  width?: number;
  testId?: string;
  children: ReactNode;
}

/** The centred card used by the screens outside the main layout (login, set password, setup). */
export function AuthCard({ title, subtitle, footer, width = 420, testId, children }: AuthCardProps): ReactNode {
  return (
    // The page's one main landmark: these screens render outside the app shell, which has its own.
    <Center component="main" mih="100vh" p="md" bg="var(--mantine-color-gray-0)" data-testid={testId}>
      <Box w="100%" maw={width}>
        <Stack gap="lg">
          <Center>
            <Logo size={36} />
          </Center>
          <Paper withBorder shadow="sm" radius="md" p="xl">
            <Stack gap="md">
              <div>
                <Title order={2} size="h3">
                  {title}
                </Title>
                {subtitle && (
                  <Text size="sm" c="dimmed" mt={4}>
                    {subtitle}
                  </Text>
                )}
              </div>
              {children}
            </Stack>
          </Paper>
          {footer && (
            <Text size="xs" c="dimmed" ta="center">
              {footer}
            </Text>
          )}
        </Stack>
      </Box>
    </Center>
  );
}
