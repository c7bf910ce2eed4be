#!/usr/bin/env node
// Runs the TypeScript CLI through tsx's loader, so the checkout needs no build step.
import { register } from "tsx/esm/api";

register();
const { main } = await import("../host/cli/main.ts");
await main(process.argv.slice(2));
