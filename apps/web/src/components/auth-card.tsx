import { Box, Center, Paper } from '@mantine/core';
import type { ReactNode } from 'react';

/** The centred card of the sign-in screens, full width on a phone. */
export function AuthCard({ children }: { children: ReactNode }) {
  return (
    <Box component="main" bg="gray.0" mih="100vh">
      <Center mih="100vh" p="md">
        <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} w="100%" maw={440}>
          {children}
        </Paper>
      </Center>
    </Box>
  );
}
