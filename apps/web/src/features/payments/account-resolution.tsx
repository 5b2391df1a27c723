import { accountNumberSchema, bankMatches } from "@kolo/domain";
import { Loader, Select, Text, TextInput } from "@mantine/core";
import { serverMessage } from "../../lib/errors";
import { BANKS_QUERY_OPTIONS } from "../../lib/queries";
import { trpc } from "../../lib/trpc";

/**
 * A bank and a 10-digit number resolved to the holder's name through GET /api/banks/resolve once
 * both are set (one call per number and bank; answers cached 5 minutes). Used by the Add Bank
 * Account dialog and by /transfer/bank's 'New recipient'.
 */
export function useAccountResolution(params: { enabled: boolean; bankCode: string | null; accountNumber: string }) {
  const { enabled, bankCode, accountNumber } = params;
  const banks = trpc.banks.list.useQuery(undefined, { ...BANKS_QUERY_OPTIONS, enabled });
  const complete = accountNumberSchema.safeParse(accountNumber).success;
  const resolve = trpc.banks.resolve.useQuery(
    { accountNumber, bankCode: bankCode ?? "" },
    { enabled: enabled && complete && bankCode !== null, retry: false, staleTime: 5 * 60_000 },
  );
  return {
    banks,
    bank: banks.data?.find((b) => b.code === bankCode),
    complete,
    resolvedName: complete && bankCode && resolve.data ? resolve.data.accountName : "",
    resolving: complete && bankCode !== null && resolve.isFetching,
    resolveError: complete && bankCode && resolve.isError ? (serverMessage(resolve.error) ?? "Could not resolve account name. Please try again.") : undefined,
  };
}

/**
 * The bank, number and (read-only) name fields of an account being resolved, with a live line
 * saying where the name stands. `errors` are the form's own (bankCode, accountNumber, accountName).
 */
export function AccountResolutionFields(props: {
  resolution: ReturnType<typeof useAccountResolution>;
  bankCode: string | null;
  setBankCode: (code: string | null) => void;
  accountNumber: string;
  setAccountNumber: (number: string) => void;
  errors: Record<string, React.ReactNode>;
  /** The form's error setter: a field's error is cleared when it changes (a Mantine form's setters clear their own). */
  setErrors?: (update: (current: Record<string, string>) => Record<string, string>) => void;
  /** Whose name it is, for the hint: 'your bank' or 'their bank'. */
  whose: "your" | "their";
}) {
  const { resolution, errors } = props;
  return (
    <>
      <Select
        label="Bank"
        placeholder={resolution.banks.isPending ? "Loading banks..." : "Select a bank"}
        data={(resolution.banks.data ?? []).map((b) => ({ value: b.code, label: b.name }))}
        value={props.bankCode}
        onChange={(code) => {
          props.setBankCode(code);
          props.setErrors?.((current) => ({ ...current, bankCode: "" }));
        }}
        searchable
        // Short names too: 'UBA', 'GTB', 'FBN' (BANK_ALIASES in @kolo/domain).
        filter={({ options, search }) => options.filter((option) => "value" in option && bankMatches(search, { code: option.value, name: option.label }))}
        nothingFoundMessage="No bank found"
        required
        error={errors.bankCode || (resolution.banks.isError ? (serverMessage(resolution.banks.error) ?? "Could not load the bank list.") : undefined)}
        comboboxProps={{ withinPortal: true }}
      />
      <TextInput
        label="Account number"
        inputMode="numeric"
        autoComplete="off"
        maxLength={10}
        placeholder="0123456789"
        required
        value={props.accountNumber}
        onChange={(event) => {
          props.setAccountNumber(event.currentTarget.value.replace(/\D/g, "").slice(0, 10));
          props.setErrors?.((current) => ({ ...current, accountNumber: "", accountName: "" }));
        }}
        error={errors.accountNumber || resolution.resolveError}
      />
      <TextInput
        label="Account name"
        readOnly
        value={resolution.resolvedName}
        placeholder={resolution.resolving ? "Resolving account name..." : "Filled in automatically"}
        rightSection={resolution.resolving ? <Loader size={16} aria-hidden="true" /> : null}
        error={errors.accountName || undefined}
      />
      <Text size="xs" c="dimmed" aria-live="polite">
        {resolution.resolving
          ? "Resolving account name..."
          : resolution.resolvedName
            ? `Account name confirmed by ${props.whose} bank.`
            : `The name comes from ${props.whose} bank once the 10-digit number and the bank are set.`}
      </Text>
    </>
  );
}
