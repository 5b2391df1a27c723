import { describe, expect, it } from "vitest";
import { externaliseStyles } from "./route-pages";

describe("externaliseStyles", () => {
  it("moves <style> elements and style attributes into one stylesheet the CSP allows, sharing a rule between equal styles", () => {
    const { markup, css } = externaliseStyles(
      '<style data-mantine-styles="true">:root{--x:1}</style><div style="--gap:4px;font-family:&quot;Inter&quot;, sans-serif" class="a"><p style="--gap:4px;font-family:&quot;Inter&quot;, sans-serif">Hi</p><span style="color:red">x</span></div>',
    );
    expect(markup).toBe('<div data-ks="0" class="a"><p data-ks="0">Hi</p><span data-ks="1">x</span></div>');
    expect(markup).not.toMatch(/style/);
    expect(css.split("\n")).toEqual([
      ":root{--x:1}",
      '[data-ks="0"][data-ks="0"]{--gap:4px;font-family:"Inter", sans-serif}',
      '[data-ks="1"][data-ks="1"]{color:red}',
    ]);
  });

  it("refuses markup with a script, which the CSP would block", () => {
    expect(() => externaliseStyles("<div></div><script>window.x=1</script>")).toThrow(/contains a <script>/);
    expect(() => externaliseStyles('<script src="/a.js"></script>')).toThrow(/contains a <script>/);
  });
});
