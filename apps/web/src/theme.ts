// The one Mantine theme of the web app: brand colour, radius, fonts and component defaults.
// Change colours and spacing here rather than in components.
import {
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type VariantColorsResolver,
  createTheme,
  darken,
  defaultVariantColorsResolver,
  parseThemeColor,
} from "@mantine/core";

/**
 * Kolo green. The primary shade 8 (#087f47) is 5.1:1 against white, so green text on white and
 * white text on green buttons pass WCAG AA (4.5:1); the earlier #0b8a4e was 4.41:1.
 */
const kolo: MantineColorsTuple = ["#e6f8ee", "#d2eedf", "#a6dcbf", "#76c99c", "#4fb97f", "#36ae6c", "#27a862", "#159352", "#087f47", "#00703b"];

/**
 * Light variants (Badge, ThemeIcon, Alert, initials Avatars...) whose Mantine text colour fails
 * WCAG AA on the shade-1 background: yellow.9 #e67700 on #fff3bf is 2.7:1, lime 3.3, orange 3.6,
 * green 3.8, teal 4.3 (an initials Avatar picks its colour from the name, so any of them can
 * appear). This darkens the text to 7:1 or better.
 */
const DARKER_LIGHT_TEXT = new Set(["yellow", "orange", "lime", "green", "teal"]);
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  // Filled red (Remove, Fail…): white on red.8 #e03131 is 4.51:1, at the very edge (axe measured
  // 4.48 while a dialog faded in); red.9 #c92a2a is 5.5:1.
  if (input.variant === "filled" && parsed.isThemeColor && parsed.color === "red" && parsed.shade === undefined) {
    const red = input.theme.colors.red[9] ?? parsed.value;
    return { ...colors, background: red, hover: darken(red, 0.1) };
  }
  // Light with a shade ('blue.9'): Mantine fills with the shade itself and writes in the colour's
  // light text, the same blue on blue (1:1). Here the fill is the colour's light tint and the text
  // the shade, as without a shade: shade 9 on the tint is 6:1 or better for every colour.
  if (input.variant === "light" && parsed.isThemeColor && parsed.shade !== undefined) {
    const shade = input.theme.colors[parsed.color]?.[parsed.shade] ?? parsed.value;
    const text = DARKER_LIGHT_TEXT.has(parsed.color) && parsed.shade < 9 ? darken(input.theme.colors[parsed.color]?.[9] ?? shade, 0.45) : shade;
    return { ...colors, background: `var(--mantine-color-${parsed.color}-light)`, hover: `var(--mantine-color-${parsed.color}-light-hover)`, color: text };
  }
  // Subtle with a shade ('red.9'): Mantine writes in the shade capped at 6 (red.6 is 3.3:1 on
  // white); here in the shade asked for.
  if (input.variant === "subtle" && parsed.isThemeColor && parsed.shade !== undefined) {
    return { ...colors, color: input.theme.colors[parsed.color]?.[parsed.shade] ?? parsed.value };
  }
  // Light Kolo green (Copy Link, Add Fixed Amount...): kolo.9 text is 4.0:1 on the hover tint;
  // a darker green is 5:1 or better at rest and on hover.
  if (input.variant === "light" && parsed.isThemeColor && parsed.color === "kolo" && parsed.shade === undefined) {
    return { ...colors, color: darken(input.theme.colors.kolo?.[9] ?? parsed.value, 0.2) };
  }
  if (input.variant === "light" && parsed.isThemeColor && DARKER_LIGHT_TEXT.has(parsed.color)) {
    return { ...colors, color: darken(input.theme.colors[parsed.color]?.[9] ?? parsed.value, 0.45) };
  }
  return colors;
};

export const theme = createTheme({
  variantColorResolver,
  primaryColor: "kolo",
  primaryShade: 8,
  colors: { kolo },
  defaultRadius: "md",
  cursorType: "pointer",
  /** Keyboard-only focus ring, defined in focus.css (visible on white and on green). */
  focusClassName: "kolo-focus",
  fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  headings: { fontFamily: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" },
  other: {
    /** Height of the fixed bottom navigation; pages leave this much room at the bottom. */
    bottomNavHeight: 64,
  },
  components: {
    // A label is never cut: a button or badge is at least as wide as its words, so a row that is
    // too narrow wraps or scrolls rather than ending in 'Mana' or 'UNP…' (the clipping check of
    // the accessibility walk, apps/web/e2e/a11y-checks.ts).
    Button: { defaultProps: { radius: "md" }, styles: { root: { flexShrink: 0, minWidth: "max-content" } } },
    Badge: { styles: { root: { flexShrink: 0, minWidth: "max-content" } } },
    Card: { defaultProps: { radius: "lg", withBorder: true, padding: "lg" } },
    Modal: { defaultProps: { centered: true, radius: "lg" } },
    TextInput: { defaultProps: { size: "md" } },
    PasswordInput: { defaultProps: { size: "md" } },
    NumberInput: { defaultProps: { size: "md" } },
    // Toast text in the body colour's dimmed shade (Mantine's gray.6 is 3.3:1 on white).
    Notification: { styles: { description: { color: "var(--mantine-color-dimmed)" } } },
  },
});

/**
 * CSS variables on top of Mantine's: dimmed text (`c="dimmed"`) is #646b72, 5.4:1 on white and
 * 5.1:1 on the gray.0 page background (Mantine's gray.6 was 3.3:1, under WCAG AA's 4.5:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  // Field errors: Mantine's red.6 (#fa5252) is 3.3:1 on white; red.9 (#c92a2a) is 5.6:1 (WCAG AA).
  light: { "--mantine-color-dimmed": "#646b72", "--mantine-color-error": "#c92a2a" },
  dark: {},
});
