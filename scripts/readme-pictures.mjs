/**
 * README's pictures (docs/images), taken afresh from the demo: `node scripts/readme-pictures.mjs` after `npm run
 * build`. It starts the bundled Sole Bay and Quickfire demos on free ports with fresh data folders, plays Royal
 * James's broadside at Gouda on the emulated dice, sets up Henry's at De Zeven Provinciën, and photographs the
 * display at 1920×1080 and 1024×600, the night's log, /control and /devices on a phone, a Quickfire die's card and
 * /games/new, in Debian's chromium. Pictures are written as PNG; README says what each shows.
 */
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium } from "playwright-core";

const ROOT = resolve(import.meta.dirname, "..");
const OUT = join(ROOT, "docs", "images");

/** Starts `quarterdeck start --scenario NAME` and resolves with its URL and a stop function. */
function startDemo(scenario) {
  const proc = spawn(
    process.execPath,
    [
      join(ROOT, "bin", "quarterdeck.mjs"),
      "start",
      "--port",
      "0",
      "--scenario",
      scenario,
      "--data",
      mkdtempSync(join(tmpdir(), "qd-pictures-")),
    ],
    { cwd: ROOT, env: { ...process.env, LOG_LEVEL: "warn" }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let out = "";
  return new Promise((ok, fail) => {
    proc.stdout.on("data", (d) => {
      out += String(d);
      const m = /Display:\s+(http:\/\/\S+)/.exec(out);
      if (m) ok({ url: m[1].replace(/\/$/, ""), stop: () => proc.kill("SIGTERM") });
    });
    proc.stderr.on("data", (d) => {
      out += String(d);
    });
    proc.once("exit", (code) => fail(new Error(`the ${scenario} demo exited (${code}):\n${out}`)));
  });
}

async function call(url, body) {
  const res = await fetch(
    url,
    body === undefined ? {} : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) },
  );
  const json = await res.json();
  if (res.status >= 400) throw new Error(`${url}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

const pause = (ms) => new Promise((r) => setTimeout(r, ms));

/** Polls the state until `check` holds (10 s at most). */
async function until(url, check) {
  for (let i = 0; i < 100; i++) {
    const s = await call(`${url}/api/state`);
    if (check(s)) return s;
    await pause(100);
  }
  throw new Error("the table did not get there");
}

/** Rolls the pending action's dice on the emulated dice, one die after another, until the result is in. */
async function rollAll(url) {
  const start = await call(`${url}/api/state`);
  const dice = start.devices.filter((d) => d.kind === "die" && d.connected);
  let face = 3;
  for (let tries = 0; tries < 60; tries++) {
    const s = await call(`${url}/api/state`);
    if (s.history.length > start.history.length) return s;
    const die = dice[tries % dice.length];
    face = (face % 6) + 1;
    await call(`${url}/api/sim/roll`, { die: die.id, face: face === 1 || face === 2 ? 5 : face });
    await pause(150);
  }
  throw new Error("the dice did not resolve the action");
}

async function shoot(browser, url, file, width, height, then) {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.goto(url);
  await page.waitForSelector("body[data-version], main, #app");
  await pause(1500);
  if (then) await then(page);
  await page.screenshot({ path: join(OUT, file) });
  await page.close();
  console.log(`wrote docs/images/${file}`);
}

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const soleBay = await startDemo("sole-bay-1672");
const quickfire = await startDemo("quickfire");
try {
  const u = soleBay.url;
  await until(u, (s) => s.devices.filter((d) => d.kind === "die" && d.connected).length >= 9);
  await call(`${u}/api/cancel`, {});
  await until(u, (s) => !s.pending?.plan?.length);
  await call(`${u}/api/actions`, { action: { type: "broadside", firer: "royal-james", target: "gouda", rangeInches: 3 } });
  await until(u, (s) => (s.pending?.needed ?? 0) > 0);
  await rollAll(u);
  await call(`${u}/api/actions`, { action: { type: "broadside", firer: "henry", target: "zeven-provincien", rangeInches: 7 } });
  await until(u, (s) => (s.pending?.needed ?? 0) > 0);
  await shoot(browser, `${u}/`, "display-1920x1080.png", 1920, 1080);
  await shoot(browser, `${u}/`, "display-1024x600.png", 1024, 600);
  await shoot(browser, `${u}/`, "night-log-1280x800.png", 1280, 800, async (page) => {
    await page.getByRole("button", { name: "Log" }).first().click();
    await pause(800);
  });
  await shoot(browser, `${u}/control`, "control-phone-390x844.png", 390, 844);
  await shoot(browser, `${u}/devices`, "devices-phone-390x844.png", 390, 844);
  await shoot(browser, `${u}/games/new`, "new-game-1280x800.png", 1280, 800, async (page) => {
    await page.locator("select").first().selectOption({ label: "Sole Bay 1672" });
    await page.getByText("Sole Bay, 28 May 1672").first().click();
    await pause(500);
  });
  const q = quickfire.url;
  await until(q, (s) => s.devices.some((d) => d.kind === "die" && d.connected));
  const page = await browser.newPage({ viewport: { width: 540, height: 1000 } });
  await page.goto(`${q}/devices`);
  await pause(1500);
  const die = (await call(`${q}/api/state`)).devices.find((d) => d.kind === "die");
  const card = page.locator(`#device-${die.id}`);
  await card.locator("summary").first().click();
  await pause(500);
  await card.screenshot({ path: join(OUT, "die-binding-quickfire.png") });
  console.log("wrote docs/images/die-binding-quickfire.png");
} finally {
  soleBay.stop();
  quickfire.stop();
  await browser.close();
}
