import { Alert } from '@mantine/core';

/** A form's error message as a red alert announced to screen readers; nothing when null. */
export function FormError({ message, title }: { message: string | null; title?: string }) {
  if (!message) return null;
  return (
    <Alert color="red" role="alert" title={title}>
      {message}
    </Alert>
  );
}
