import { formatReceiptCode, normaliseReceiptCode } from "@kolo/domain";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { Alert, Box, Button, Card, Center, Group, Loader, Stack, Text, TextInput, ThemeIcon, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { IconCheck, IconWallet } from "../../components/icons";
import { type ReceiptFields, ReceiptDetails } from "../../components/receipt-details";

const route = getRouteApi("/verify/$code");

const NO_MATCH = "No Kolo transaction matches this receipt";

/** /verify/{code}: the check of the code in the address. */
export function VerifyCodePage() {
  const { code } = route.useParams();
  return <VerifyPage code={code} />;
}

/**
 * The box to type a receipt's code: spaces, dashes and capitals are fine (normaliseReceiptCode);
 * a code that cannot be one is refused under the field, and a good one opens /verify/{code}.
 */
function CodeForm({ initial }: { initial: string }) {
  const navigate = useNavigate();
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const code = normaliseReceiptCode(text);
        if (!code) {
          setError("Type the 16 letters and digits printed on the receipt");
          return;
        }
        setError(null);
        void navigate({ to: "/verify/$code", params: { code } });
      }}
    >
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label="Receipt code"
          placeholder="r43m 7tqc hjom c7ni"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={error}
        />
        <Button type="submit">Check</Button>
      </Group>
    </form>
  );
}

/**
 * /verify and /verify/{code} (docs/product.md "Receipts"): the public check of a receipt, signed in
 * or not, with a box to type a code. It asks GET /api/receipts/verify/{code} (plain fetch: the page
 * loads no tRPC client) with the code as printed or typed (spaces, capitals: normaliseReceiptCode)
 * and shows the transaction straight from the ledger, or 'No Kolo transaction matches this receipt'.
 */
export function VerifyPage({ code: typed }: { code?: string }) {
  const code = typed === undefined ? undefined : (normaliseReceiptCode(typed) ?? typed);
  const [state, setState] = useState<{ kind: "loading" } | { kind: "found"; receipt: ReceiptFields } | { kind: "none"; message: string }>({ kind: "loading" });

  useEffect(() => {
    if (code === undefined) return;
    let live = true;
    setState({ kind: "loading" });
    fetch(`/api/receipts/verify/${encodeURIComponent(code)}`, { credentials: "omit" })
      .then(async (response) => {
        const body = (await response.json()) as ReceiptFields & { message?: string };
        if (!live) return;
        if (response.ok) setState({ kind: "found", receipt: body });
        else setState({ kind: "none", message: response.status === 429 ? (body.message ?? "Too many checks. Please wait a minute.") : NO_MATCH });
      })
      .catch(() => live && setState({ kind: "none", message: "Unable to check the receipt. Please try again." }));
    return () => {
      live = false;
    };
  }, [code]);

  return (
    <Box maw={480} mx="auto" p="md" component="main">
      <Stack gap="md">
        <Center>
          <ThemeIcon size={48} radius="xl" color="kolo" aria-hidden="true">
            <IconWallet />
          </ThemeIcon>
        </Center>
        <Title order={1} size="h3" ta="center">
          Kolo receipt check
        </Title>
        <CodeForm key={code ?? ""} initial={code === undefined ? "" : formatReceiptCode(code)} />
        {code === undefined ? null : state.kind === "loading" ? (
          <Center role="status" aria-label="Checking the receipt">
            <Loader />
          </Center>
        ) : state.kind === "none" ? (
          <Alert color="red" variant="light" role="alert" title="Not confirmed">
            {state.message}
          </Alert>
        ) : (
          <Card component="section" aria-label="Confirmed transaction">
            <Stack gap="sm">
              <Alert color="kolo" variant="light" icon={<IconCheck />} role="status" title="Confirmed">
                This Kolo transaction exists. Compare every line with the receipt you were shown.
              </Alert>
              <ReceiptDetails receipt={state.receipt} />
            </Stack>
          </Card>
        )}
        <Text size="xs" c="dimmed" ta="center">
          Kolo shows here only what the receipt shows: never a balance or an e-mail.
        </Text>
      </Stack>
    </Box>
  );
}
