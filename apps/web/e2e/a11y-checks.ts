// The accessibility checks every browser walk uses: axe (WCAG 2.2 A/AA and best practices) on the
// page at rest, 44×44 px touch targets (WCAG 2.5.5) beyond axe's 24 px, and no text cut off or
// under 4.5:1 contrast.
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

/**
 * No text cut off and none below 4.5:1, on top of axe (which leaves contrast it cannot compute
 * as "needs review", and does not look at clipping):
 * - clipped: an element whose content is wider than its box (scrollWidth > clientWidth) and that
 *   is not a scroll container, and that holds text. A deliberate ellipsis on free text (a name, an
 *   e-mail, a description) passes when the full text is in the element's or an ancestor's `title`
 *   or `aria-label`; inside a button, badge, label or a figure of money it never passes.
 * - contrast: each element's own text against the colours behind it (its ancestors' backgrounds
 *   blended from the page up, the text's alpha included), at least 4.5:1. Text over a background
 *   image or gradient is left to axe; text of a disabled control is exempt (WCAG 1.4.3).
 */
export async function expectNoClippedTextOrLowContrast(page: Page, screen: string) {
  const found = await page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext("2d", { willReadFrequently: true });
    if (!context) throw new Error("no 2D canvas");
    /** Any CSS colour as [r, g, b, a] (0-255, alpha 0-1), through the canvas, which parses them all. */
    const rgba = (value: string): [number, number, number, number] => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = "#000";
      context.fillStyle = value;
      context.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0, a = 0] = context.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a / 255];
    };
    const over = (top: number[], bottom: number[]) => [0, 1, 2].map((i) => (top[i] ?? 0) * (top[3] ?? 1) + (bottom[i] ?? 0) * (1 - (top[3] ?? 1)));
    const luminance = (c: number[]) => {
      const [r = 0, g = 0, b = 0] = c.map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const visible = (el: Element) => {
      const rect = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return rect.width > 1 && rect.height > 1 && style.visibility !== "hidden" && style.opacity !== "0" && !el.closest("[aria-hidden=true], [hidden]");
    };
    const ownText = (el: Element) =>
      [...el.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent ?? "")
        .join("")
        .trim();
    const label = (el: Element) => (el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 50);
    const where = (el: Element) => `${el.tagName.toLowerCase()}${el.className && typeof el.className === "string" ? `.${el.className.split(" ")[0]}` : ""}`;

    const clipped: string[] = [];
    const lowContrast: string[] = [];
    for (const el of document.body.querySelectorAll("*")) {
      if (!(el instanceof HTMLElement) || el.matches("input, textarea, select, svg, svg *, canvas, video, img, script, style")) continue;
      const style = getComputedStyle(el);
      if (style.display === "inline" || style.display === "contents" || style.display === "none" || !visible(el)) continue;
      const text = (el.textContent ?? "").trim();
      if (!text) continue;

      // Clipping.
      const scrollContainer = style.overflowX === "auto" || style.overflowX === "scroll";
      // Visually hidden text for screen readers (clip or a 1 px box) is meant to be invisible.
      const visuallyHidden = style.clip !== "auto" && style.clip !== "" ? true : style.clipPath.startsWith("inset(50%");
      if (!scrollContainer && !visuallyHidden && el.scrollWidth > el.clientWidth + 1) {
        const cut = style.overflowX !== "visible" || ownText(el) !== "";
        const described = [el, ...ancestorsOf(el)].some((node) => {
          const full = `${node.getAttribute("title") ?? ""} ${node.getAttribute("aria-label") ?? ""}`;
          return full.includes(text.slice(0, Math.min(text.length, 200)));
        });
        const control = el.closest("button, [role=button], [role=tab], .mantine-Badge-root, label, [data-money]") !== null;
        const ellipsis = style.textOverflow === "ellipsis";
        if (cut && !(ellipsis && described && !control)) clipped.push(`${where(el)} "${label(el)}" (${el.scrollWidth} px of content in ${el.clientWidth} px)`);
      }

      // Contrast of the element's own text.
      if (!ownText(el) || el.closest("[disabled], [aria-disabled=true], [data-disabled]")) continue;
      let background = [255, 255, 255, 1];
      let image = false;
      const layers: number[][] = [];
      for (const node of [el, ...ancestorsOf(el)]) {
        const nodeStyle = getComputedStyle(node);
        if (nodeStyle.backgroundImage !== "none") {
          image = true;
          break;
        }
        const layer = rgba(nodeStyle.backgroundColor);
        if ((layer[3] ?? 0) > 0) layers.push(layer);
        if ((layer[3] ?? 0) >= 1) break;
      }
      if (image) continue;
      for (const layer of layers.reverse()) background = [...over(layer, background), 1];
      const foreground = [...over(rgba(style.color), background), 1];
      const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a) as [number, number];
      const ratio = (light + 0.05) / (dark + 0.05);
      if (ratio < 4.5)
        lowContrast.push(`${where(el)} "${label(el)}" ${ratio.toFixed(2)}:1 (${style.color} on rgb(${background.slice(0, 3).map(Math.round).join(", ")}))`);
    }
    return { clipped, lowContrast };

    function ancestorsOf(el: Element): Element[] {
      const list: Element[] = [];
      for (let node = el.parentElement; node; node = node.parentElement) list.push(node);
      return list;
    }
  });
  expect.soft(found.clipped, `text cut off on ${screen}`).toEqual([]);
  expect.soft(found.lowContrast, `text under 4.5:1 on ${screen}`).toEqual([]);
}

/** axe and the touch-target check on the page as it is now, named `screen` in failures. */
export async function checkScreen(page: Page, screen: string) {
  // A screen is checked with its content: a query answered late (a slow machine, a refetch) may
  // still show the route's loader, which is not the screen under test.
  await expect(page.locator("[data-page-loader]")).toHaveCount(0);
  // A dialog still fading in blends its colours with the page behind: axe would measure the blend.
  // (Endless ones, such as a spinner, are not waited for.)
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
  );
  await expectNoAxeViolations(page, screen);
  await expectTouchTargets(page, screen);
  await expectNoClippedTextOrLowContrast(page, screen);
}
