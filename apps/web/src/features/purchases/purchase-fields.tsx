import { PHONE_MIN_LENGTH, PURCHASE_MESSAGES, detectNetwork } from "@kolo/domain";
import { Alert, Button, Group, NativeSelect, type NativeSelectProps, Radio, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { useState } from "react";
import { NetworkLogo } from "../../components/network-logos";
import { useMe } from "../../lib/queries";
import { trpc } from "../../lib/trpc";

/**
 * The fields /airtime and /data share (docs/product.md#airtime-and-data): network (loaded from the
 * server), phone number with the user's recent numbers, and Verify Phone Number
 * once the number has 11+ characters and a network is chosen (a failure does not block).
 */

interface NetworkFieldProps {
  value: string;
  onChange: (network: string) => void;
  /** The value was read from the phone number's prefix (useNetworkDetection): said under the field. */
  detected?: boolean;
  error?: React.ReactNode;
  disabled?: boolean;
}

/**
 * The network as four cards with the networks' marks (a radio group: arrow keys move between
 * them); 'Detected from the number' when the phone number chose it. 'Failed to load network
 * providers. Please try again later.' when the list cannot load.
 */
export function NetworkField({ value, onChange, detected = false, error, disabled }: NetworkFieldProps) {
  const networks = trpc.purchases.networks.useQuery(undefined, { staleTime: 5 * 60_000 });
  if (networks.isError && !networks.data)
    return <ListLoadFailed title="Network" message={PURCHASE_MESSAGES.networksFailed} onRetry={() => void networks.refetch()} />;
  return (
    <Radio.Group
      label="Network"
      required
      value={value}
      onChange={onChange}
      error={error}
      description={detected && value ? "Detected from the number; you can change it" : undefined}
      aria-busy={networks.isPending}
    >
      <SimpleGrid cols={4} spacing={6} mt={6}>
        {(networks.data ?? []).map((network) => (
          // The chosen card is outlined in Kolo green (text.css): Mantine's card has no checked look of its own.
          <Radio.Card key={network.id} value={network.id} disabled={disabled} radius="md" p={6} className="kolo-choice-card" style={{ minHeight: 72 }}>
            <Stack gap={4} align="center">
              <NetworkLogo network={network.id} />
              <Text size="xs" fw={600} ta="center">
                {network.name}
              </Text>
            </Stack>
          </Radio.Card>
        ))}
      </SimpleGrid>
      {networks.isPending ? (
        <Text size="sm" c="dimmed" mt={6}>
          Loading networks...
        </Text>
      ) : null}
    </Radio.Group>
  );
}

/**
 * The network follows the phone number's prefix (detectNetwork) until the user picks one
 * themselves; from then on their choice stays. `setNetwork` writes the form's network.
 */
export function useNetworkDetection(setNetwork: (network: string) => void) {
  const [picked, setPicked] = useState(false);
  const [detected, setDetected] = useState<string | null>(null);
  return {
    /** Whether `network` is the one the number's prefix gave. */
    isDetected: (network: string) => !picked && detected !== null && detected === network,
    onPhoneChange(phone: string) {
      if (picked) return;
      const network = detectNetwork(phone);
      // A network the previous number gave goes with it; one the user picked never does.
      if (network) setNetwork(network);
      else if (detected !== null) setNetwork("");
      setDetected(network ?? null);
    },
    onNetworkPick(network: string) {
      setPicked(true);
      setNetwork(network);
    },
  };
}

/**
 * A required select whose options load from the server (data plans, electricity companies):
 * disabled and busy with `loading` as its first option while they load, `placeholder` once loaded;
 * when the list cannot load, ListLoadFailed (`failed` and Retry) in place of the field.
 * `list` is the options' query; `input` is the form's `getInputProps` of the field.
 */
export function LoadedSelect(props: {
  label: string;
  list: { isPending: boolean; isError: boolean; data: unknown; refetch: () => Promise<unknown> };
  options: { value: string; label: string }[];
  loading: string;
  placeholder: string;
  failed: string;
  input: Omit<NativeSelectProps, "data">;
}) {
  const { list } = props;
  if (list.isError && list.data === undefined) return <ListLoadFailed title={props.label} message={props.failed} onRetry={() => void list.refetch()} />;
  return (
    <NativeSelect
      label={props.label}
      required
      disabled={list.isPending}
      aria-busy={list.isPending}
      {...props.input}
      data={[{ value: "", label: list.isPending ? props.loading : props.placeholder }, ...props.options]}
    />
  );
}

/** A field's list (networks, plans, discos) could not load: the reason and Retry, in place of the field. */
export function ListLoadFailed({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="light" onClick={onRetry}>
          Retry
        </Button>
      </Stack>
    </Alert>
  );
}

interface PhoneFieldProps {
  value: string;
  network: string;
  onChange: (phone: string) => void;
  /** A recent number was picked: its phone and network (when known). */
  onPickRecent: (phone: string, network: string | null) => void;
  onBlur?: () => void;
  error?: React.ReactNode;
}

/** Phone number, recent numbers as chips, and the non-blocking Verify Phone Number. */
export function PhoneField({ value, network, onChange, onPickRecent, onBlur, error }: PhoneFieldProps) {
  const me = useMe();
  const recent = trpc.purchases.recentNumbers.useQuery(undefined, { staleTime: 30_000 });
  const verify = trpc.purchases.verifyCustomer.useMutation();
  const [verified, setVerified] = useState<{ phone: string; network: string; name: string | null } | null>(null);
  const phone = value.replace(/[\s-]/g, "");
  const canVerify = phone.length >= PHONE_MIN_LENGTH && network !== "";
  const current = verified && verified.phone === phone && verified.network === network ? verified : null;

  const runVerify = async () => {
    try {
      const result = await verify.mutateAsync({ network: network as never, phoneNumber: phone });
      setVerified({ phone, network, name: result.content.Customer_Name });
    } catch {
      setVerified({ phone, network, name: null });
    }
  };

  const numbers = recent.data ?? [];
  return (
    <Stack gap={6}>
      <TextInput
        label="Phone number"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder="08012345678"
        required
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        onBlur={onBlur}
        error={error}
        rightSectionWidth={me.phone ? 120 : undefined}
        rightSectionPointerEvents="all"
        rightSection={
          me.phone ? (
            <Button
              size="compact-sm"
              radius="xl"
              variant={phone === me.phone ? "filled" : "light"}
              aria-pressed={phone === me.phone}
              onClick={() => onChange(me.phone ?? "")}
            >
              My number
            </Button>
          ) : null
        }
      />
      {numbers.length > 0 ? (
        <Stack gap={4} component="section" aria-labelledby="recent-numbers">
          <Text id="recent-numbers" size="xs" c="dimmed">
            Recent numbers
          </Text>
          <Group gap={6}>
            {numbers.map((n) => (
              <Button
                key={n.phoneNumber}
                size="compact-sm"
                radius="xl"
                variant={phone === n.phoneNumber ? "filled" : "light"}
                aria-pressed={phone === n.phoneNumber}
                onClick={() => onPickRecent(n.phoneNumber, n.network)}
                aria-label={`Use ${n.phoneNumber} (${n.networkName})`}
              >
                {n.phoneNumber} · {n.networkName}
              </Button>
            ))}
          </Group>
        </Stack>
      ) : null}
      {canVerify ? (
        <Group gap="xs" wrap="nowrap" align="center">
          <Button size="xs" variant="light" onClick={() => void runVerify()} loading={verify.isPending} style={{ flexShrink: 0 }}>
            Verify Phone Number
          </Button>
          <Text size="sm" aria-live="polite" c={current?.name === null ? undefined : "kolo.9"} fw={500}>
            {current ? (current.name ?? PURCHASE_MESSAGES.verifyFailed) : null}
          </Text>
        </Group>
      ) : null}
    </Stack>
  );
}

/**
 * Phone number then network (/airtime, /data): the network follows the number's prefix until the
 * user picks one (useNetworkDetection); a recent number brings its network. `setNetwork` writes the
 * form's network (and whatever depends on it, e.g. the data plan).
 */
export function PhoneAndNetworkFields(props: {
  phoneNumber: string;
  network: string;
  errors: { phoneNumber?: React.ReactNode; network?: React.ReactNode };
  setPhoneNumber: (phone: string) => void;
  setNetwork: (network: string) => void;
  validatePhone: () => void;
}) {
  const { phoneNumber, network, setPhoneNumber, setNetwork } = props;
  const detection = useNetworkDetection(setNetwork);
  return (
    <>
      <PhoneField
        value={phoneNumber}
        network={network}
        onChange={(phone) => {
          setPhoneNumber(phone);
          detection.onPhoneChange(phone);
        }}
        onPickRecent={(phone, picked) => {
          setPhoneNumber(phone);
          if (picked) setNetwork(picked);
        }}
        onBlur={props.validatePhone}
        error={props.errors.phoneNumber}
      />
      <NetworkField value={network} onChange={detection.onNetworkPick} detected={detection.isDetected(network)} error={props.errors.network} />
    </>
  );
}

/** 'Feature Disabled' with the switch's text (docs/product.md#airtime-and-data): the submit button is disabled too. */
export function PurchaseDisabledAlert({ id, what }: { id: string; what: string }) {
  return (
    <Alert color="gray" variant="light" id={id} title="Feature Disabled">
      {what} has been temporarily disabled by the administrator
    </Alert>
  );
}

interface VerifiedNumberFieldProps {
  /** The number's label: 'Meter number', 'Smartcard number'. */
  label: string;
  placeholder: string;
  /** The form's input props for the number (form.getInputProps). */
  input: ReturnType<UseFormReturnType<Record<string, unknown>>["getInputProps"]>;
  /** The button's text: 'Verify Meter', 'Verify Smartcard'. */
  verifyLabel: string;
  /** Said beside the button until the number is confirmed. */
  hint: string;
  /** The number has been confirmed by the provider: the hint goes, `children` (its details) show. */
  verified: boolean;
  loading: boolean;
  disabled: boolean;
  onVerify: () => void;
  children?: React.ReactNode;
}

/**
 * A customer number the provider checks before payment (meter, smartcard): the field, the verify
 * button with a hint until it is confirmed, then the details the provider gave (`children`).
 */
export function VerifiedNumberField({
  label,
  placeholder,
  input,
  verifyLabel,
  hint,
  verified,
  loading,
  disabled,
  onVerify,
  children,
}: VerifiedNumberFieldProps) {
  return (
    <Stack gap={6}>
      <TextInput label={label} inputMode="numeric" autoComplete="off" placeholder={placeholder} required {...input} />
      <Group gap="xs" wrap="nowrap" align="center">
        <Button size="xs" variant="light" onClick={onVerify} loading={loading} disabled={disabled} style={{ flexShrink: 0 }}>
          {verifyLabel}
        </Button>
        {verified ? null : (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        )}
      </Group>
      {verified ? children : null}
    </Stack>
  );
}
