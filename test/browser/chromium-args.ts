/** Debian's chromium's command-line switches for the tests: headless, no sandbox or GPU, nothing fetched in the background. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
] as const;

/** The switches for chromium's fake camera playing `video` (a .y4m or .mjpeg file), its permission granted. */
export const fakeCameraArgs = (video: string): string[] => [
  "--use-fake-ui-for-media-stream",
  "--use-fake-device-for-media-stream",
  `--use-file-for-fake-video-capture=${video}`,
];
