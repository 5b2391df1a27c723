// Draws the app icons of the web app manifest (vite.config.ts) from one SVG: 192 and 512 px with
// rounded corners, and a 512 px maskable one (full-bleed background, the letter inside the central
// 80% safe zone of https://web.dev/articles/maskable-icon). Rendered by Chromium through
// Playwright; run `node scripts/make-icons.mjs` after changing the drawing and commit the PNGs.
import { writeFile } from "node:fs/promises";
import { chromium } from "@playwright/test";

const GREEN = "#087f47";
/** The letter K in white, drawn with strokes (no font), on a 512-unit canvas scaled by `scale`. */
const letter = (scale) => {
  const t = (v) => 256 + (v - 256) * scale;
  const w = 60 * scale;
  return `<g stroke="#fff" stroke-width="${w}" stroke-linecap="square" fill="none">
    <line x1="${t(186)}" y1="${t(140)}" x2="${t(186)}" y2="${t(372)}"/>
    <line x1="${t(196)}" y1="${t(290)}" x2="${t(332)}" y2="${t(140)}"/>
    <line x1="${t(250)}" y1="${t(236)}" x2="${t(338)}" y2="${t(372)}"/>
  </g>`;
};
const svg = (maskable) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">` +
  (maskable ? `<rect width="512" height="512" fill="${GREEN}"/>${letter(0.7)}` : `<rect width="512" height="512" rx="112" fill="${GREEN}"/>${letter(1)}`) +
  `</svg>`;

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const page = await browser.newPage();
const icons = [
  { file: "icon-192.png", size: 192, maskable: false },
  { file: "icon-512.png", size: 512, maskable: false },
  { file: "icon-maskable-512.png", size: 512, maskable: true },
];
for (const icon of icons) {
  await page.setViewportSize({ width: icon.size, height: icon.size });
  await page.setContent(
    `<style>html,body{margin:0;background:transparent}svg{width:${icon.size}px;height:${icon.size}px;display:block}</style>${svg(icon.maskable)}`,
  );
  await writeFile(new URL(`../public/icons/${icon.file}`, import.meta.url), await page.screenshot({ omitBackground: true }));
}
await browser.close();
