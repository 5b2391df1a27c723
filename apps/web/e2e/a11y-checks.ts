// The accessibility checks every browser walk uses: axe (WCAG 2.2 A/AA and best practices) on the
// page at rest, and 44×44 px touch targets (WCAG 2.5.5) beyond axe's 24 px.
import AxeBuilder from "@axe-core/playwright";
import { type Page, expect } from "@playwright/test";

const MIN_TARGET_PX = 44;

/**
 * Waits until no finite CSS animation or transition is running (a dialog fading in, a button's
 * hover), so axe measures colours at rest: mid-fade, a dialog's text is measured against a
 * half-drawn background and fails contrast by chance. Endless animations (a scan line) are ignored.
 */
async function settleAnimations(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== "running" || animation.effect?.getComputedTiming().iterations === Infinity),
  );
}

/** Runs axe on the page at rest and fails with a readable list of violations. */
export async function expectNoAxeViolations(page: Page, screen: string) {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]).analyze();
  const report = results.violations.map(
    (v) => `${v.impact ?? ""} ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(" ")}  ${n.failureSummary ?? ""}`).join("\n")}`,
  );
  expect.soft(report, `axe violations on ${screen}`).toEqual([]);
}

/** Every visible control at least 44×44 px, except links that sit inside a sentence. */
export async function expectTouchTargets(page: Page, screen: string) {
  const small = await page.evaluate((min) => {
    const selector = "a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=tab], [role=link], [role=checkbox], [role=radio]";
    const found: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      const rect = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (rect.width === 0 || rect.height === 0 || style.visibility === "hidden") continue;
      // A text input's touch target is its whole field (Mantine's wrapper), not the bare <input>.
      const target = el.matches("input, textarea, select") ? (el.closest<HTMLElement>(".mantine-Input-wrapper") ?? el) : el;
      const box = target.getBoundingClientRect();
      const inSentence = el.tagName === "A" && (el.parentElement?.textContent ?? "").trim().length > (el.textContent ?? "").trim().length;
      if (inSentence) continue;
      if (box.width < min || box.height < min) {
        const name = el.getAttribute("aria-label") ?? el.textContent?.trim() ?? el.outerHTML.slice(0, 60);
        found.push(`${el.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    return found;
  }, MIN_TARGET_PX);
  expect.soft(small, `touch targets under ${MIN_TARGET_PX} px on ${screen}`).toEqual([]);
}

/** axe and the touch-target check on the page as it is now, named `screen` in failures. */
export async function checkScreen(page: Page, screen: string) {
  // A dialog still fading in blends its colours with the page behind: axe would measure the blend.
  // (Endless ones, such as a spinner, are not waited for.)
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
  );
  await expectNoAxeViolations(page, screen);
  await expectTouchTargets(page, screen);
}
