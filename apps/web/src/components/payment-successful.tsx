import { formatNaira } from "@kolo/domain";
import { Text, ThemeIcon, Title } from "@mantine/core";
import { IconCheck } from "./icons";

/** The top of a 'Payment Successful' screen (a merchant payment, a verified top-up): the check, the title and the amount (naira). */
export function PaymentSuccessful({ amount }: { amount: number }) {
  return (
    <>
      <ThemeIcon size={64} radius="xl" color="kolo" aria-hidden="true">
        <IconCheck size={36} />
      </ThemeIcon>
      <Title order={1} size="h3">
        Payment Successful
      </Title>
      <Text fz={28} fw={800}>
        {formatNaira(amount)}
      </Text>
    </>
  );
}
