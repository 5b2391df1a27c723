import { EmailInput } from "../../components/form-inputs";
import { loginSchema } from "@kolo/domain";
import { Anchor, Card, Group, PasswordInput, Stack, Text, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { BusyButton } from "../../components/busy-button";
import { Link, createFileRoute } from "@tanstack/react-router";
import { useState } from "react";
import { loginFailureToast } from "./-components/login-failure";
import { notifyError } from "../../lib/notify";
import { trpc } from "../../lib/trpc";

export const Route = createFileRoute("/_guest/login")({
  component: LoginPage,
});

/** Sign in (spec 01 §2): success is a full redirect to /dashboard; failure resets the button. */
function LoginPage() {
  const utils = trpc.useUtils();
  const login = trpc.auth.login.useMutation();
  const [redirecting, setRedirecting] = useState(false);
  const form = useForm({
    mode: "uncontrolled",
    initialValues: { email: "", password: "" },
    validate: schemaResolver(loginSchema, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    if (login.isPending || redirecting) return;
    const email = values.email.trim();
    try {
      const user = await login.mutateAsync({ email, username: email, password: values.password });
      setRedirecting(true);
      utils.auth.me.setData(undefined, user);
      await utils.transactions.list.invalidate();
      window.location.assign("/dashboard");
    } catch (error) {
      const toast = loginFailureToast(error);
      notifyError(toast.title, toast.message);
    }
  });

  const busy = login.isPending || redirecting;
  return (
    <Card>
      <form onSubmit={submit} noValidate>
        <Stack>
          <div>
            <Title order={1} size="h2">
              Sign In
            </Title>
            <Text c="dimmed" size="sm">
              Welcome back. Sign in to your wallet.
            </Text>
          </div>
          <EmailInput key={form.key("email")} {...form.getInputProps("email")} />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            key={form.key("password")}
            {...form.getInputProps("password")}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/forgot-password" size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <BusyButton type="submit" fullWidth size="md" busy={busy} busyLabel="Signing In...">
            Sign In
          </BusyButton>
          <Text size="sm" ta="center">
            Don&apos;t have an account?{" "}
            <Anchor component={Link} to="/register">
              Create one
            </Anchor>
          </Text>
        </Stack>
      </form>
    </Card>
  );
}
