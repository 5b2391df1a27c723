import { getRouteApi } from "@tanstack/react-router";
import { MFA_MESSAGES } from "@kolo/domain";
import { Alert, Button, Card, Code, List, Loader, Stack, Text, TextInput, Title, VisuallyHidden } from "@mantine/core";
import QRCode from "qrcode";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { BusyButton } from "../../components/busy-button";
import { serverMessage } from "../../lib/errors";

const route = getRouteApi("/_guest/two-factor");

type Step =
  | { kind: "loading" }
  | { kind: "enrol"; secret: string; otpauthUri: string }
  | { kind: "code" }
  | { kind: "recovery"; codes: string[] }
  | { kind: "error"; message: string };

/**
 * An admin's second sign-in step (docs/admin-security.md): the code from an authenticator app or
 * a recovery code (POST /api/auth/mfa). An admin not yet enrolled first sees the QR code and the
 * secret to type by hand (POST /api/auth/mfa/enrol), and after the first code the 10 recovery
 * codes, once. Success is a full page load of the admin console.
 */
export function TwoFactorPage() {
  const { loadApi } = route.useRouteContext();
  const [step, setStep] = useState<Step>({ kind: "loading" });
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const api = await loadApi();
        const me = await api.client.auth.me.query();
        if (!live) return;
        if ("mfaEnrolled" in me && me.mfaEnrolled === false) {
          const enrolment = await api.client.auth.mfaEnrol.mutate();
          if (live) setStep({ kind: "enrol", ...enrolment });
        } else setStep({ kind: "code" });
      } catch (failure) {
        if (live) setStep({ kind: "error", message: serverMessage(failure) ?? "Something went wrong. Please try again." });
      }
    })();
    return () => {
      live = false;
    };
  }, [loadApi]);

  useEffect(() => {
    if (step.kind === "enrol" && canvas.current) void QRCode.toCanvas(canvas.current, step.otpauthUri, { width: 200, margin: 1 }).catch(() => {});
  }, [step]);

  /** Ends the half-signed-in session: /login would otherwise send it back here. */
  const signOut = async () => {
    const api = await loadApi();
    await api.client.auth.logout.mutate().catch(() => {});
    window.location.assign("/login");
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const value = code.trim();
    if (!/^(\d{6}|[a-zA-Z0-9]{5}-?[a-zA-Z0-9]{5})$/.test(value)) return setError(MFA_MESSAGES.codeFormat);
    setBusy(true);
    setError(null);
    try {
      const api = await loadApi();
      const result = await api.client.auth.mfa.mutate({ code: value });
      if (result.recoveryCodes) {
        setBusy(false);
        return setStep({ kind: "recovery", codes: result.recoveryCodes });
      }
      window.location.assign("/admin/dashboard");
    } catch (failure) {
      setBusy(false);
      setError(serverMessage(failure) ?? "Something went wrong. Please try again.");
    }
  };

  if (step.kind === "loading") {
    return (
      <Card>
        <Stack align="center" py="lg" role="status" aria-live="polite">
          <Loader aria-hidden />
          <VisuallyHidden>Loading</VisuallyHidden>
        </Stack>
      </Card>
    );
  }
  if (step.kind === "error") {
    return (
      <Card>
        <Alert color="red" title="Two-step verification unavailable" role="alert">
          {step.message}
        </Alert>
        <Button variant="subtle" mt="md" onClick={() => void signOut()}>
          Back to Sign In
        </Button>
      </Card>
    );
  }
  if (step.kind === "recovery") {
    return (
      <Card>
        <Stack>
          <Title order={1} size="h2">
            Save your recovery codes
          </Title>
          <Text size="sm">Each code signs you in once if you lose your authenticator app. They are shown only now: keep them somewhere safe.</Text>
          <List aria-label="Recovery codes" spacing={4} listStyleType="none" ff="monospace">
            {step.codes.map((recovery) => (
              <List.Item key={recovery}>{recovery}</List.Item>
            ))}
          </List>
          <Button size="md" onClick={() => window.location.assign("/admin/dashboard")}>
            I have saved them: continue
          </Button>
        </Stack>
      </Card>
    );
  }
  return (
    <Card>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          <div>
            <Title order={1} size="h2">
              Two-step verification
            </Title>
            <Text c="dimmed" size="sm">
              {step.kind === "enrol"
                ? "Admin accounts need a second factor. Scan this code with an authenticator app, then enter the 6-digit code it shows."
                : "Enter the 6-digit code from your authenticator app, or one of your recovery codes."}
            </Text>
          </div>
          {step.kind === "enrol" ? (
            <Stack align="center" gap="xs">
              <canvas ref={canvas} role="img" aria-label="QR code to add Kolo to an authenticator app" />
              <Text size="sm">
                Or type this key: <Code>{step.secret}</Code>
              </Text>
            </Stack>
          ) : null}
          <TextInput
            label="Code"
            inputMode="text"
            autoComplete="one-time-code"
            autoFocus
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            error={error}
            maxLength={11}
          />
          <BusyButton type="submit" fullWidth size="md" busy={busy} busyLabel="Verifying...">
            Verify
          </BusyButton>
          <Button variant="subtle" onClick={() => void signOut()}>
            Use another account
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
