import { getRouteApi } from "@tanstack/react-router";
import { PASSWORD_RESET_MESSAGES, resetPasswordFormSchema } from "@kolo/domain";
import { Alert, Anchor, Button, Card, PasswordInput, Stack, Text, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { BusyButton } from "../../components/busy-button";
import { fieldErrors, serverMessage } from "../../lib/errors";
import { notify, notifyError } from "../../lib/notify";
import { useSingleFlight } from "../../lib/single-flight";

const route = getRouteApi("/_guest/reset-password");

/**
 * Choose a new password from a reset link (/reset-password?token=…; docs/product.md#accounts-and-sessions):
 * the new password twice; success ends every session and leads to sign-in.
 */
export function ResetPasswordPage() {
  const { token } = route.useSearch();
  const { loadApi } = route.useRouteContext();
  const navigate = useNavigate();
  const { busy, run } = useSingleFlight();
  const [linkError, setLinkError] = useState<string | null>(token ? null : PASSWORD_RESET_MESSAGES.invalidLink);
  const form = useForm({
    mode: "uncontrolled",
    initialValues: { password: "", confirmPassword: "" },
    validate: schemaResolver(resetPasswordFormSchema, { sync: true }),
  });

  const submit = form.onSubmit((values) =>
    run(async () => {
      if (!token) return;
      try {
        const api = await loadApi();
        const { message } = await api.client.auth.resetPassword.mutate({ token, password: values.password });
        notify({ title: "Password Reset", message });
        await navigate({ to: "/login" });
      } catch (error) {
        const errors = fieldErrors(error);
        if (errors.token) setLinkError(errors.token);
        else if (errors.password) form.setFieldError("password", errors.password);
        else notifyError("Error", serverMessage(error) ?? "Could not reset the password. Please try again.");
      }
    }),
  );

  return (
    <Card>
      <Stack>
        <Title order={1} size="h2">
          Choose a New Password
        </Title>
        {linkError ? (
          <Alert color="red" variant="light" title="Link not valid" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{linkError}</Text>
              <Button component={Link} to="/forgot-password" variant="white" color="red">
                Send a new link
              </Button>
            </Stack>
          </Alert>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack>
              <PasswordInput
                label="New password"
                autoComplete="new-password"
                description="At least 6 characters"
                required
                key={form.key("password")}
                {...form.getInputProps("password")}
              />
              <PasswordInput
                label="Confirm new password"
                autoComplete="new-password"
                required
                key={form.key("confirmPassword")}
                {...form.getInputProps("confirmPassword")}
              />
              <BusyButton type="submit" fullWidth size="md" busy={busy} busyLabel="Saving...">
                Reset Password
              </BusyButton>
            </Stack>
          </form>
        )}
        <Text size="sm" ta="center">
          <Anchor component={Link} to="/login" display="inline-flex" mih={44} style={{ alignItems: "center" }}>
            Back to Sign In
          </Anchor>
        </Text>
      </Stack>
    </Card>
  );
}
