import { getRouteApi } from "@tanstack/react-router";
import { EmailInput } from "../../components/form-inputs";
import { registerFormSchema } from "@kolo/domain";
import { Anchor, Card, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { BusyButton } from "../../components/busy-button";
import { Link, useNavigate } from "@tanstack/react-router";
import { fieldErrors } from "../../lib/errors";
import { notify, notifyError } from "../../lib/notify";
import { useRef, useState } from "react";

const route = getRouteApi("/_guest/register");

const FORM_FIELDS = ["name", "email", "phone", "password", "confirmPassword"] as const;

/**
 * Sign up (docs/product.md#accounts-and-sessions). The payload is name, email, phone, password and username = email;
 * confirmPassword stays in the browser. Server field errors (e.g. 'Email already registered')
 * also show on their fields.
 */
export function RegisterPage() {
  const navigate = useNavigate();
  const { loadApi } = route.useRouteContext();
  const [busy, setBusy] = useState(false);
  const submitting = useRef(false);
  const form = useForm({
    mode: "uncontrolled",
    initialValues: { name: "", email: "", phone: "", password: "", confirmPassword: "" },
    validate: schemaResolver(registerFormSchema, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    if (submitting.current) return;
    submitting.current = true;
    setBusy(true);
    const email = values.email.trim();
    const phone = values.phone.trim();
    try {
      const api = await loadApi();
      const user = await api.client.auth.register.mutate({
        name: values.name.trim(),
        email,
        ...(phone ? { phone } : {}),
        password: values.password,
        username: email,
      });
      api.trpc.auth.me.setData(undefined, user);
      void api.trpc.auth.me.invalidate();
      notify({ title: "Registration Successful", message: "Your account has been created." });
      await navigate({ to: "/onboarding" });
    } catch (error) {
      const errors = Object.fromEntries(Object.entries(fieldErrors(error)).filter(([field]) => (FORM_FIELDS as readonly string[]).includes(field)));
      form.setErrors(errors);
      submitting.current = false;
      setBusy(false);
      notifyError("Registration Failed", "There was an error creating your account. Please try again.");
    }
  });

  return (
    <Card>
      <form onSubmit={submit} noValidate>
        <Stack>
          <div>
            <Title order={1} size="h2">
              Create Account
            </Title>
            <Text c="dimmed" size="sm">
              Open your naira wallet in a minute.
            </Text>
          </div>
          <TextInput label="Full name" autoComplete="name" required key={form.key("name")} {...form.getInputProps("name")} />
          <EmailInput key={form.key("email")} {...form.getInputProps("email")} />
          <TextInput
            label="Phone (optional)"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            placeholder="+234 801 234 5678"
            key={form.key("phone")}
            {...form.getInputProps("phone")}
          />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            description="At least 6 characters"
            required
            key={form.key("password")}
            {...form.getInputProps("password")}
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            required
            key={form.key("confirmPassword")}
            {...form.getInputProps("confirmPassword")}
          />
          <BusyButton type="submit" fullWidth size="md" busy={busy} busyLabel="Creating Account...">
            Create Account
          </BusyButton>
          <Text size="sm" ta="center">
            Already have an account?{" "}
            <Anchor component={Link} to="/login">
              Sign in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </Card>
  );
}
