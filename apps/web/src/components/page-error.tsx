import { Alert, Button, Center, Stack } from "@mantine/core";
import { type ErrorComponentProps, useRouter } from "@tanstack/react-router";

/** A route whose data failed to load: the reason and a way to try again. */
export function PageError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <Center mih="60dvh" p="md">
      <Stack w="100%" maw={420}>
        <Alert color="red" title="Something went wrong" role="alert">
          {error instanceof Error && error.message ? error.message : "Please try again."}
        </Alert>
        <Button
          variant="light"
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          Try Again
        </Button>
      </Stack>
    </Center>
  );
}
