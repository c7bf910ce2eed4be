/**
 * The browser lane's one chromium (a vitest globalSetup of the `browser` project): launched once per run, each
 * test file connects to it (`launchChromium` in harness.ts) and gets a fresh context, instead of launching its own
 * browser with a fresh profile.
 */
import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { CHROMIUM_ARGS } from "./chromium-args.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The shared chromium's websocket endpoint, for `chromium.connect`. */
    chromiumEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await chromium.launchServer({ executablePath: "/usr/bin/chromium", headless: true, args: [...CHROMIUM_ARGS] });
  project.provide("chromiumEndpoint", server.wsEndpoint());
  return () => server.close();
}
