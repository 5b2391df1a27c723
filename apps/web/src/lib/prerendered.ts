/**
 * What a visitor did in the prerendered sign-in form (scripts/route-pages.ts) before the
 * JavaScript arrived: React replaces that markup with its own form, so the values typed and the
 * field that had the focus are read first and handed to the new form. Fields are known by their
 * `autocomplete` token (email, current-password).
 */
const typed = new Map<string, string>();
let focused: string | null = null;

/** Reads the values and the focused field of the prerendered form inside `root`, if there is one. */
export function keepPrerenderedInput(root: HTMLElement): void {
  for (const input of root.querySelectorAll<HTMLInputElement>("[data-prerendered] input[autocomplete]")) {
    if (input.value) typed.set(input.autocomplete, input.value);
    if (document.activeElement === input) focused = input.autocomplete;
  }
}

/** The value typed into the prerendered field `autocomplete`, once (then forgotten); "" when none. */
export function prerenderedValue(autocomplete: string): string {
  const value = typed.get(autocomplete) ?? "";
  typed.delete(autocomplete);
  return value;
}

/** Puts the focus back on the field that had it in the prerendered form (once), inside `form`. */
export function restorePrerenderedFocus(form: HTMLElement | null): void {
  if (!form || focused === null) return;
  form.querySelector<HTMLInputElement>(`input[autocomplete="${focused}"]`)?.focus();
  focused = null;
}
