import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadScenario, loadTableFile } from "../../../host/config/load.ts";
import { scenarioFile, scenarioNames } from "../../../host/config/scenario.ts";
import { tempDir } from "../helpers.ts";

function tableFile(text: string, extra: Record<string, string> = {}): string {
  const dir = tempDir("qd-config-");
  for (const [name, body] of Object.entries(extra)) writeFileSync(join(dir, name), body);
  const file = join(dir, "table.yaml");
  writeFileSync(file, text);
  return file;
}

const SHIPS = `ruleset: sole-bay-1672
fleets:
  - side: English
    ships:
      - id: royal-james
        name: Royal James
        tag: "04:a1:b2:c3:d4:e5:f6"
        rating: 1
        speed: slow
        hull: stout
  - side: Dutch
    ships:
      - { id: gouda, name: Gouda, tag: 04D2, rating: 3, speed: medium, hull: average }
`;

describe("table configuration", () => {
  it("a YAML syntax error names the file and line in the message, not only in the path", () => {
    const file = tableFile("ruleset: sole-bay-1672\nfleets: [ { side: Allied\n");
    const r = loadTableFile(file);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message.slice(file.length)).toMatch(/^:\d+:\d+ is not valid YAML\/JSON: /);
    if (!r.ok) expect(r.error.message.startsWith(file)).toBe(true);
  });

  it("every bundled scenario loads and its ships pass the rule set's checks", () => {
    for (const name of scenarioNames()) {
      const s = loadScenario(name);
      expect(s.ok, `${name}: ${!s.ok && s.error.message}`).toBe(true);
    }
  });

  it("loads fleets with tags (normalised), bindings, players and devices", () => {
    const file = tableFile(
      `${SHIPS}devices:\n  dice:\n    - { family: pixels, id: pixel-1, name: PXL-1 }\n` +
        `bindings:\n  - { die: pixel-1, roles: [attack], colors: [white], side: English }\nplayers:\n  - { side: Dutch, dice: manual }\n`,
    );
    const t = loadTableFile(file);
    expect(t.ok && t.value.tags).toEqual({ "04A1B2C3D4E5F6": "royal-james", "04D2": "gouda" });
    expect(t.ok && t.value.players).toEqual([{ side: "Dutch", dice: "manual" }]);
    expect(t.ok && t.value.ruleset.id).toBe("sole-bay-1672");
  });

  it("names file, line and key for a bad value the rule set refuses", () => {
    const t = loadTableFile(tableFile(SHIPS.replace("rating: 1", "rating: 9")));
    expect(t.ok).toBe(false);
    if (!t.ok) expect(t.error.path).toMatch(/table\.yaml:8 \(fleets\[0\]\.ships\[0\]\.rating\)$/);
  });

  it("names file, line and key for an unknown key", () => {
    const t = loadTableFile(tableFile(`${SHIPS}colour: blue\n`));
    expect(t.ok).toBe(false);
    if (!t.ok) {
      expect(t.error.path).toMatch(/table\.yaml:14 \(colour\)$/);
      expect(t.error.message).toMatch(/colour (is not a known field|unexpected property)/);
    }
  });

  it("refuses a tag on two ships and an unknown rule set", () => {
    const dup = loadTableFile(tableFile(SHIPS.replace("tag: 04D2", 'tag: "04A1B2C3D4E5F6"')));
    expect(!dup.ok && dup.error.message).toMatch(/already on royal-james/);
    const rs = loadTableFile(tableFile(SHIPS.replace("sole-bay-1672", "trafalgar")));
    expect(!rs.ok && rs.error).toMatchObject({ code: "ruleset.unknown" });
    expect(!rs.ok && rs.error.path).toMatch(/table\.yaml:1 \(ruleset\)/);
  });

  it("imports a CSV roster, and names the roster's line for a bad row", () => {
    const roster =
      "side,id,name,tag,rating,speed,hull,crew,flagship\nEnglish,royal-james,Royal James,04AA,1,slow,stout,elite,true\nDutch,gouda,Gouda,04BB 04BC,3,medium,average,,false\n";
    const ok = loadTableFile(tableFile("ruleset: sole-bay-1672\nroster: ships.csv\n", { "ships.csv": roster }));
    expect(ok.ok && ok.value.start.ships).toEqual([
      expect.objectContaining({ id: "royal-james", side: "English", rating: 1, crew: "elite", flagship: true }),
      expect.objectContaining({ id: "gouda", side: "Dutch", rating: 3 }),
    ]);
    expect(ok.ok && ok.value.tags).toMatchObject({ "04BB": "gouda", "04BC": "gouda" });
    const bad = loadTableFile(
      tableFile("ruleset: sole-bay-1672\nroster: ships.csv\n", { "ships.csv": roster.replace("medium,average", "medium,paper") }),
    );
    expect(!bad.ok && bad.error.path).toBe("ships.csv:3 (hull)");
    // the message names the roster's line and key, not the rule set's count of ships across fleets and roster
    expect(!bad.ok && bad.error.message).toMatch(/^ships\.csv:3 \(hull\): hull /);
  });

  it("takes a CSV roster's optional marker column (10–586, one ship each), and names the line of a bad one", () => {
    const roster =
      "side,id,name,marker,rating,speed,hull,crew,flagship\nEnglish,royal-james,Royal James,40,1,slow,stout,elite,true\nDutch,gouda,Gouda,,3,medium,average,,false\n";
    const file = (csv: string) => loadTableFile(tableFile("ruleset: sole-bay-1672\nroster: ships.csv\n", { "ships.csv": csv }));
    const ok = file(roster);
    expect(ok.ok && ok.value.markers).toEqual({ "royal-james": 40 });
    expect(ok.ok && ok.value.start.ships[0]).not.toHaveProperty("marker");
    const low = file(roster.replace(",40,", ",7,"));
    expect(!low.ok && low.error.path).toBe("ships.csv:2 (marker)");
    expect(!low.ok && low.error.message).toMatch(/ships\.csv:2: "7" is not a ship marker \(a whole number from 10 to 586\)/);
    expect(!file(roster.replace(",40,", ",12.5,")).ok).toBe(true);
    const twice = file(roster.replace("Gouda,,", "Gouda,40,"));
    expect(!twice.ok && twice.error.message).toMatch(/ships\.csv:3: marker 40 is already on the ship of line 2/);
  });

  it("a ship's bad key is named where it is written, without the rule set's count of ships", () => {
    const r = loadTableFile(tableFile(SHIPS.replace("hull: average }", "hull: average, colour: red }")));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.path).toMatch(/table\.yaml:\d+ \(fleets\[1\]\.ships\[0\]\.colour\)$/);
      expect(r.error.message).toMatch(/\(fleets\[1\]\.ships\[0\]\.colour\): colour is not a known field/);
      expect(r.error.message).not.toMatch(/ships\[1\]\.colour/);
    }
  });

  it("a missing file or YAML syntax error names the file", () => {
    const missing = loadTableFile("/nonexistent/table.yaml");
    expect(!missing.ok && missing.error.path).toBe("/nonexistent/table.yaml");
    const broken = loadTableFile(tableFile("ruleset: [sole-bay\n"));
    expect(!broken.ok && broken.error.path).toMatch(/table\.yaml:\d/);
  });

  it("checks the devices section with the device modules' own schemas, naming file, line and key", () => {
    const base = "ruleset: sole-bay-1672\nscenario: sole-bay-1672\ndevices:\n";
    const reader = loadTableFile(tableFile(`${base}  readers:\n    - { kind: pn999, id: r1, path: /dev/ttyUSB0 }\n`));
    expect(!reader.ok && reader.error.path).toMatch(/table\.yaml:5 \(devices\.readers\[0\]\.kind\)$/);
    const dial = loadTableFile(tableFile(`${base}  dial:\n    port: /dev/ttyACM0\n    map: { gearRatio: -1 }\n`));
    expect(!dial.ok && dial.error.path).toMatch(/table\.yaml:6 \(devices\.dial\.map\.gearRatio\)$/);
    const die = loadTableFile(tableFile(`${base}  dice:\n    - { family: pixels, id: p1 }\n`));
    expect(!die.ok && die.error.message).toMatch(/needs a name or an address/);
    const good = loadTableFile(
      tableFile(
        `${base}  dice:\n    - { family: pixels, id: p1, name: PXL1, color: white }\n  readers:\n    - { kind: pn532, id: r1, path: /dev/ttyUSB0 }\n  pad: { id: pad, vendorId: 0x1234, productId: 0x5678, buttons: [{ button: 0, command: confirm }] }\n  dial:\n    port: /dev/ttyACM0\n`,
      ),
    );
    expect(good.ok && good.value.devices).toMatchObject({
      dice: [{ id: "p1" }],
      readers: [{ id: "r1" }],
      dial: { port: "/dev/ttyACM0", map: {} },
    });
    expect(good.ok && good.value.start.ships).toHaveLength(12);
  });

  it("devices.ble: a list of adapters, each error naming file, line and key", () => {
    const base = "ruleset: sole-bay-1672\nscenario: sole-bay-1672\ndevices:\n  ble:\n";
    const noPort = loadTableFile(tableFile(`${base}    - { binding: hci, deviceId: 0 }\n    - { binding: uart, baudRate: 115200 }\n`));
    expect(!noPort.ok && noPort.error.path).toMatch(/table\.yaml:6 \(devices\.ble\[1\]\.port\)$/);
    expect(!noPort.ok && noPort.error.message).toMatch(/needs its serial port/);
    const badBinding = loadTableFile(tableFile(`${base}    - binding: bluez\n`));
    expect(!badBinding.ok && badBinding.error.path).toMatch(/table\.yaml:5 \(devices\.ble\[0\]\.binding\)$/);
    const stray = loadTableFile(tableFile(`${base}    - binding: dbus\n      port: /dev/ttyACM0\n`));
    expect(!stray.ok && stray.error.path).toMatch(/table\.yaml:6 \(devices\.ble\[0\]\.port\)$/);
    const good = loadTableFile(
      tableFile(`${base}    - { binding: dbus }\n    - { binding: uart, port: /dev/ttyACM0, baudRate: 1000000 }\n`),
    );
    expect(good.ok && good.value.devices).toMatchObject({ ble: [{ binding: "dbus" }, { binding: "uart", port: "/dev/ttyACM0" }] });
  });
});

describe("table configuration: the gaps hardening closed (issue 15, item 8)", () => {
  it("a bad wind value names file, line and key", () => {
    const t = loadTableFile(tableFile(`${SHIPS}wind: { windward: Q }\n`));
    expect(t.ok).toBe(false);
    if (!t.ok) expect(t.error.path).toMatch(/table\.yaml:14 \(wind(\.windward)?\)$/);
  });

  it("a YAML alias bomb is refused as bad input naming the file, not expanded", () => {
    const lines = ["a: &a [x, x, x, x, x, x, x, x, x, x]"];
    for (let i = 1; i < 10; i++) {
      const prev = String.fromCharCode(96 + i);
      const me = String.fromCharCode(97 + i);
      lines.push(`${me}: &${me} [${Array(10).fill(`*${prev}`).join(", ")}]`);
    }
    const file = tableFile(`${lines.join("\n")}\nruleset: sole-bay-1672\n`);
    const t = loadTableFile(file);
    expect(t.ok).toBe(false);
    if (!t.ok) {
      expect(t.error.code).toBe("input.invalid");
      expect(t.error.path).toBe(file);
      expect(t.error.message).toMatch(/alias/i);
    }
  });

  it('a tag that is not hex ("ZZ-not-hex") is refused, not read as another tag', () => {
    const t = loadTableFile(tableFile(SHIPS.replace("tag: 04D2", 'tag: "ZZ-not-hex"')));
    expect(!t.ok && t.error.path).toMatch(/table\.yaml:\d+ \(fleets\[1\]\.ships\[0\]\.tag\)$/);
    expect(!t.ok && t.error.message).toMatch(/not a hex tag UID/);
    expect(loadTableFile(tableFile(SHIPS.replace("tag: 04D2", 'tag: "04-d2 aa"'))).ok).toBe(true);
  });

  it("bindings to unknown dice and sides, and players on unknown sides, are refused with their line", () => {
    const dice = "devices:\n  dice:\n    - { family: pixels, id: white-1, name: PXL-1 }\n";
    const die = loadTableFile(tableFile(`${SHIPS}${dice}bindings:\n  - { die: white-9 }\n`));
    expect(!die.ok && die.error.path).toMatch(/table\.yaml:18 \(bindings\[0\]\.die\)$/);
    expect(!die.ok && die.error.message).toMatch(/no die "white-9".*white-1/);
    const side = loadTableFile(tableFile(`${SHIPS}${dice}bindings:\n  - { die: white-1, side: French }\n`));
    expect(!side.ok && side.error.path).toMatch(/\(bindings\[0\]\.side\)$/);
    const player = loadTableFile(tableFile(`${SHIPS}players:\n  - { side: French, dice: manual }\n`));
    expect(!player.ok && player.error.path).toMatch(/table\.yaml:15 \(players\[0\]\.side\)$/);
    expect(!player.ok && player.error.message).toMatch(/English, Dutch/);
  });

  it("scenario and ruleset together must agree; the same rule set is accepted", () => {
    const clash = loadTableFile(tableFile("ruleset: quickfire\nscenario: sole-bay-1672\n"));
    expect(!clash.ok && clash.error).toMatchObject({ code: "config.invalid" });
    expect(!clash.ok && clash.error.path).toMatch(/table\.yaml:1 \(ruleset\)$/);
    const same = loadTableFile(tableFile("ruleset: sole-bay-1672\nscenario: sole-bay-1672\n"));
    expect(same.ok && same.value.scenario).toBe("sole-bay-1672");
  });
});

describe("a bundled scenario file as a table file (issue 27)", () => {
  for (const name of scenarioNames()) {
    it(`${name}.yaml loads with --config as the same game as --scenario ${name}`, () => {
      const file = loadTableFile(scenarioFile(name));
      const bundled = loadScenario(name);
      expect(file.ok && bundled.ok).toBe(true);
      if (!file.ok || !bundled.ok) return;
      expect(file.value.ruleset.id).toBe(bundled.value.ruleset.id);
      expect(file.value.start).toEqual(bundled.value.start);
      expect(file.value.tags).toEqual(bundled.value.tags);
    });
  }
});
