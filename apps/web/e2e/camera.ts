// A fake camera for the scanner's browser tests: a QR picture turned into a .y4m video with ffmpeg
// (Debian's package; tooling/scripts/kolo.mjs and .ci/run install it) and a Chromium that plays it.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { type Browser, chromium } from "@playwright/test";
import { BROWSER_ARGS, CAMERA_BROWSER_EXECUTABLE } from "./browser";

const run = promisify(execFile);

/** Turns a QR picture into a short .y4m video: the code scaled up (sharp edges) on a white 640x480 frame. */
export async function qrVideo(png: string, y4m: string) {
  await run("ffmpeg", [
    "-y",
    "-loglevel",
    "error",
    "-loop",
    "1",
    "-i",
    png,
    "-t",
    "1",
    "-r",
    "5",
    "-pix_fmt",
    "yuv420p",
    "-vf",
    "scale=360:360:flags=neighbor,pad=640:480:(ow-iw)/2:(oh-ih)/2:white",
    y4m,
  ]);
  return y4m;
}

/**
 * A second Chromium whose camera plays `video`: `grant` answers the permission prompt with yes
 * (--use-fake-ui-for-media-stream); without it headless Chromium refuses the camera.
 */
export async function cameraBrowser(video: string, grant = true): Promise<Browser> {
  return chromium.launch({
    ...(CAMERA_BROWSER_EXECUTABLE ? { executablePath: CAMERA_BROWSER_EXECUTABLE } : {}),
    args: [
      ...BROWSER_ARGS,
      ...(grant ? ["--use-fake-ui-for-media-stream"] : []),
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
}
