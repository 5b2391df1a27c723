import { getRouteApi } from "@tanstack/react-router";
import { EmailInput } from "../../components/form-inputs";
import { PASSWORD_RESET_MESSAGES, forgotPasswordSchema } from "@kolo/domain";
import { Alert, Anchor, Card, Stack, Text, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { BusyButton } from "../../components/busy-button";
import { serverMessage } from "../../lib/errors";
import { notifyError } from "../../lib/notify";
import { useSingleFlight } from "../../lib/single-flight";

const route = getRouteApi("/_guest/forgot-password");

/**
 * Forgot password (docs/product.md#accounts-and-sessions): the e-mail, then the same answer
 * whether or not it has an account; the link in the e-mail (valid 30 minutes) opens /reset-password.
 */
export function ForgotPasswordPage() {
  const { loadApi } = route.useRouteContext();
  const { busy, run } = useSingleFlight();
  const [sent, setSent] = useState(false);
  const form = useForm({ mode: "uncontrolled", initialValues: { email: "" }, validate: schemaResolver(forgotPasswordSchema, { sync: true }) });

  const submit = form.onSubmit((values) =>
    run(async () => {
      try {
        const api = await loadApi();
        await api.client.auth.forgotPassword.mutate({ email: values.email.trim() });
        setSent(true);
      } catch (error) {
        notifyError("Error", serverMessage(error) ?? "Could not send the reset link. Please try again.");
      }
    }),
  );

  return (
    <Card>
      <Stack>
        <div>
          <Title order={1} size="h2">
            Forgot Password
          </Title>
          <Text c="dimmed" size="sm">
            Enter your account's e-mail: we will send you a link to choose a new password.
          </Text>
        </div>
        {sent ? (
          <Alert color="kolo" variant="light" title="Check your e-mail" role="status">
            {PASSWORD_RESET_MESSAGES.sent} The link works for 30 minutes, once.
          </Alert>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack>
              <EmailInput key={form.key("email")} {...form.getInputProps("email")} />
              <BusyButton type="submit" fullWidth size="md" busy={busy} busyLabel="Sending...">
                Send Reset Link
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
