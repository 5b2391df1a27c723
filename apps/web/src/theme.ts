// The one Mantine theme of the web app: brand colour, radius, fonts and component defaults.
// Change colours and spacing here rather than in components.
import { type MantineColorsTuple, createTheme } from "@mantine/core";

/** Kolo green (primary shade 7 passes WCAG AA against white for text and buttons). */
const kolo: MantineColorsTuple = [
  "#e6f8ee",
  "#d2eedf",
  "#a6dcbf",
  "#76c99c",
  "#4fb97f",
  "#36ae6c",
  "#27a862",
  "#159352",
  "#0b8a4e",
  "#00703b",
];

export const theme = createTheme({
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
    Button: { defaultProps: { radius: "md" } },
    Card: { defaultProps: { radius: "lg", withBorder: true, padding: "lg" } },
    Modal: { defaultProps: { centered: true, radius: "lg" } },
    TextInput: { defaultProps: { size: "md" } },
    PasswordInput: { defaultProps: { size: "md" } },
    NumberInput: { defaultProps: { size: "md" } },
  },
});
