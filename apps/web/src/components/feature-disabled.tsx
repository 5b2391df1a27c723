import { Text, type TextProps } from "@mantine/core";
import { FEATURE_DISABLED_MESSAGE } from "@kolo/domain";

/** The hint beside a disabled action (docs/product.md). Give it an id and point aria-describedby at it. */
export function FeatureDisabledHint(props: TextProps & { id?: string }) {
  return (
    <Text size="xs" c="dimmed" {...props}>
      {FEATURE_DISABLED_MESSAGE}
    </Text>
  );
}
