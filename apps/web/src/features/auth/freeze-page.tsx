import { FRAUD_MESSAGES, loginSchema } from "@kolo/domain";
import { Alert, Anchor, Card, PasswordInput, Stack, Text, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { Link, getRouteApi } from "@tanstack/react-router";
import { useState } from "react";
import { BusyButton } from "../../components/busy-button";
import { EmailInput } from "../../components/form-inputs";
import { serverMessage } from "../../lib/errors";
import { notifyError } from "../../lib/notify";
import { useSingleFlight } from "../../lib/single-flight";

const route = getRouteApi("/_guest/freeze");

/**
 * /freeze, linked from the sign-in screen (docs/product.md "Fraud controls"): for a phone already
 * stolen, e-mail and password freeze the account (POST /api/auth/freeze/password): no money can
 * leave it and every session ends. Unfreezing is in Settings, after signing in.
 */
export function FreezePage() {
  const { loadApi } = route.useRouteContext();
  const { busy, run } = useSingleFlight();
  const [done, setDone] = useState(false);
  const form = useForm({ mode: "uncontrolled", initialValues: { email: "", password: "" }, validate: schemaResolver(loginSchema, { sync: true }) });

  const submit = form.onSubmit((values) =>
    run(async () => {
      try {
        const api = await loadApi();
        await api.client.auth.freezeWithPassword.mutate({ email: values.email.trim(), password: values.password });
        setDone(true);
      } catch (error) {
        notifyError("Account not frozen", serverMessage(error) ?? "Please check your connection and try again.");
      }
    }),
  );

  return (
    <Card>
      <Stack>
        <div>
          <Title order={1} size="h2">
            Freeze my account
          </Title>
          <Text c="dimmed" size="sm">
            Lost your phone? Freeze your account now: no money can leave it, and every device is signed out. You can unfreeze it in Settings with your password
            and a code we e-mail you.
          </Text>
        </div>
        {done ? (
          <Alert color="kolo" variant="light" title="Account frozen" role="status">
            {FRAUD_MESSAGES.freezeDone}
          </Alert>
        ) : (
          <form onSubmit={submit} noValidate aria-label="Freeze my account">
            <Stack>
              <EmailInput key={form.key("email")} {...form.getInputProps("email")} />
              <PasswordInput key={form.key("password")} label="Password" autoComplete="current-password" {...form.getInputProps("password")} />
              <BusyButton type="submit" fullWidth size="md" color="red" busy={busy} busyLabel="Freezing...">
                Freeze my account
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
