import { getRouteApi } from "@tanstack/react-router";
import { EmailInput } from "../../components/form-inputs";
import { Anchor, Card, Group, PasswordInput, Stack, Text, Title } from "@mantine/core";
import { BusyButton } from "../../components/busy-button";
import { Link } from "@tanstack/react-router";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { prerenderedValue, restorePrerenderedFocus } from "../../lib/prerendered";
import { loginFailureToast } from "./login-failure";
import { notifyError } from "../../lib/notify";
import { safeRedirectPath } from "../../lib/paths";

const route = getRouteApi("/_guest/login");

interface LoginValues {
  email: string;
  password: string;
}

/** A message per field that failed validation. */
type LoginErrors = Partial<Record<string, ReactNode>>;

let validation: Promise<(values: LoginValues) => LoginErrors> | undefined;
let validateLogin: ((values: LoginValues) => LoginErrors) | undefined;
/** Loads the form's validation (zod) once; first focus on the form starts it. */
const loadValidation = () => (validation ??= import("./login-validation").then((module) => (validateLogin = module.validateLogin)));

/**
 * Sign in (docs/product.md#accounts-and-sessions): success is a full redirect to /dashboard (or to the
 * invoice payment page of ?redirect=, a same-site path: lib/paths.ts); failure resets the button. The
 * validation and the tRPC client are loaded when the form is first focused (or submitted), not
 * with the screen (docs/performance.md "Web first screen"). Two uncontrolled fields read from the
 * form's data at submit: no form library on the first screen (its 6 KB went to the JavaScript
 * budget's margin); a field's message goes as soon as it is edited.
 */
export function LoginPage() {
  const { loadApi } = route.useRouteContext();
  const [busy, setBusy] = useState(false);
  const submitting = useRef(false);
  const formElement = useRef<HTMLFormElement>(null);
  useEffect(() => restorePrerenderedFocus(formElement.current), []);
  // What was typed into the prerendered form before the JavaScript ran (lib/prerendered.ts).
  const [typed] = useState(() => ({ email: prerenderedValue("email"), password: prerenderedValue("current-password") }));
  const [errors, setErrors] = useState<LoginErrors>({});
  const clearError = (field: keyof LoginValues) => setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));

  const signIn = async (values: LoginValues) => {
    if (submitting.current) return;
    submitting.current = true;
    setBusy(true);
    const email = values.email.trim();
    try {
      const api = await loadApi();
      const result = await api.client.auth.login.mutate({ email, username: email, password: values.password });
      // A full page load: /dashboard fetches the user and the transactions afresh. An admin gives
      // the second factor first (docs/admin-security.md).
      // A payer sent here from an invoice link goes back to it (/login?redirect=, checked again here).
      const back = safeRedirectPath(new URLSearchParams(window.location.search).get("redirect"));
      window.location.assign("mfaRequired" in result ? "/two-factor" : (back ?? "/dashboard"));
    } catch (error) {
      submitting.current = false;
      setBusy(false);
      const toast = loginFailureToast(error);
      notifyError(toast.title, toast.message);
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values = { email: String(data.get("email") ?? ""), password: String(data.get("password") ?? "") };
    await loadValidation();
    const found = validateLogin?.(values) ?? {};
    setErrors(found);
    if (Object.values(found).some((message) => message !== undefined && message !== null)) return;
    await signIn(values);
  };
  const preload = () => {
    void loadValidation();
    void loadApi();
  };

  return (
    <Card>
      <form ref={formElement} onSubmit={(event) => void submit(event)} onFocus={preload} noValidate>
        <Stack>
          <div>
            <Title order={1} size="h2">
              Sign In
            </Title>
            <Text c="dimmed" size="sm">
              Welcome back. Sign in to your wallet.
            </Text>
          </div>
          <EmailInput name="email" defaultValue={typed.email} error={errors.email} onChange={() => clearError("email")} />
          <PasswordInput
            label="Password"
            name="password"
            autoComplete="current-password"
            required
            defaultValue={typed.password}
            error={errors.password}
            onChange={() => clearError("password")}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/forgot-password" size="sm" display="inline-flex" mih={44} style={{ alignItems: "center" }}>
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
          <Text size="sm" ta="center">
            Phone lost or stolen?{" "}
            <Anchor component={Link} to="/freeze" display="inline-flex" mih={44} style={{ alignItems: "center" }}>
              Freeze my account
            </Anchor>
          </Text>
        </Stack>
      </form>
    </Card>
  );
}
