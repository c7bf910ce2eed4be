/**
 * Every `quarterdeck` command (docs/reference/cli.md), one row each. A new command is one more row: its words, usage,
 * options and a runner that imports its module on use.
 */
import type { CommandSpec } from "../command-spec.ts";
import { str } from "../command-spec.ts";
import { START_COMMAND } from "./start-command.ts";

const RULES_OPTIONS = { ruleset: { type: "string" }, data: { type: "string" } } as const;

const rulesCommand = (name: "plan" | "odds" | "resolve", what: string): CommandSpec => ({
  name,
  synopsis: `quarterdeck ${name} --ruleset ID [--data FILE] < request.json`,
  help: `${what}

  --ruleset ID   the rule set (see: quarterdeck rulesets)
  --data FILE    the rule set's data file, e.g. a club's quickfire combat chart (YAML or JSON)

Reads the request JSON on stdin and prints the result JSON (docs/reference/request-result.md). Exit 0 ok, 2 bad input, 1 other.
A request may carry the ships' positions (table): the action's range, arc, rake and other geometric fields left out
are measured from them and listed in the result's measured (docs/rules/<id>.md, "Measured from positions").`,
  options: RULES_OPTIONS,
  run: async ({ values, io }) => (await import("./rules.ts")).runRulesCommand(name, str(values.ruleset), io, str(values.data)),
});

export const COMMANDS: readonly CommandSpec[] = [
  START_COMMAND,
  {
    name: "rulesets",
    synopsis: "quarterdeck rulesets [--json]",
    help: `Lists the rule set ids with a one-line description each.

  --json   print JSON: ids, titles, descriptions, actions and settings`,
    options: { json: { type: "boolean" } },
    run: async ({ values }) => (await import("./rules.ts")).listRuleSets(values.json === true),
  },
  rulesCommand("plan", "Prints the dice plan for a request without dice: which dice to roll, how many, and why."),
  rulesCommand("odds", "Prints the exact distribution of outcomes for a request without dice."),
  rulesCommand("resolve", "Resolves a request with the dice that were rolled: outcome, events, ships after, follow-ups."),
  {
    name: "camera measure",
    synopsis: "quarterdeck camera measure IMAGE --area WxH [--size MM] [--json]",
    help: `The markers in a photo or frame of the table (PNG or JPEG) and the ships' positions and headings (docs/camera.md).

  --area WxH   the playing area in mm, between the corner markers' centres, e.g. 1800x1200
  --size MM    the ship markers' printed side (default: the median of those seen), for the shape check
  --json       print docs/reference/camera.md's JSON (else a line per marker)

Images are bounded before decoding: at most 64 MB, 8192 px a side and 16.8 megapixels (4096×4096), read from
the file's header; a PNG whose data inflates past its size is refused.

Exit 0 ok; 2 when the file is not an image, is past those bounds, or the reference markers (corners 0–3, edges
4–7) cannot be found: the output says why, or which markers were found.`,
    options: { area: { type: "string" }, size: { type: "string" }, json: { type: "boolean" } },
    maxPositionals: 1,
    run: async ({ values, positionals }) =>
      (await import("./camera-measure.ts")).runCameraMeasure(positionals[0], str(values.area), str(values.size), values.json === true),
  },
  {
    name: "camera detect",
    synopsis: "quarterdeck camera detect IMAGE [--json]",
    help: `What the camera sees in any photo (PNG or JPEG), no table needed: each AprilTag 36h11 marker's id, its corners
and whether its pattern fit is kept (docs/reference/camera.md). For checking a camera, and comparing detectors.

  --json       print the JSON: {"ok": true, "width", "height", "markers": [{"id", "corners": [[x, y] ×4], "fit"}]},
               corners in the official AprilTag image's order (its top-left first, clockwise), pixel centres at
               integer coordinates (else a line per marker)

Exit 0 ok (no marker seen is still 0); 2 when the file is not a readable PNG or JPEG, or is too large.`,
    options: { json: { type: "boolean" } },
    maxPositionals: 1,
    run: async ({ values, positionals }) => (await import("./camera-detect.ts")).runCameraDetect(positionals[0], values.json === true),
  },
  {
    name: "markers",
    synopsis:
      "quarterdeck markers [--roster FILE | --config FILE | --scenario NAME] [--size MM] [--reference-size MM] --out FILE.pdf|FILE.svg [--json]",
    help: `Writes the markers to print at true size (docs/camera.md): the reference markers 0–7 (the playing area's corners
and the middles of its sides) and one marker per ship — by roster order (marker 10 the first ship), or the one the
roster's \`marker\` column or the table file gives her — each with its ship's name under it. A PDF holds every
page; SVG is one file per page (FILE.svg, FILE-2.svg …).

  --roster FILE         a CSV roster (side,id,name,tag,marker,…)
  --config FILE         a table file: its fleets or roster
  --scenario NAME       a bundled scenario's ships (the demo's: sole-bay-1672 …)
  --size MM             the ship markers' side (default 40: fits a 50 mm base; docs/camera.md)
  --reference-size MM   the reference markers' side (default 60)
  --out FILE            FILE.pdf or FILE.svg
  --json                print the files written and each ship's marker as JSON

Print at 100 % (actual size) and measure the 100 mm bar on the sheet. Exit 0 ok, 2 bad input.`,
    options: {
      roster: { type: "string" },
      config: { type: "string" },
      scenario: { type: "string" },
      size: { type: "string" },
      "reference-size": { type: "string" },
      out: { type: "string" },
      json: { type: "boolean" },
    },
    run: async ({ values }) =>
      (await import("./markers.ts")).runMarkers({
        roster: str(values.roster),
        config: str(values.config),
        scenario: str(values.scenario),
        size: str(values.size),
        referenceSize: str(values["reference-size"]),
        out: str(values.out),
        json: values.json === true,
      }),
  },
  {
    name: "decode",
    synopsis: "quarterdeck decode FAMILY HEX...",
    help: `Decodes raw device bytes and prints JSON — for people debugging hardware.

  FAMILY   pixels, pixels-advert, godice, pn532, hid-wedge or bridge
  HEX      bytes as hex (spaces, colons, dashes and 0x allowed; a comma separates messages)

Example: quarterdeck decode pn532 00 00 FF 00 FF 00`,
    options: {},
    maxPositionals: Number.POSITIVE_INFINITY,
    run: async ({ positionals }) => (await import("./decode.ts")).runDecode(positionals),
  },
  {
    name: "devices scan",
    synopsis: "quarterdeck devices scan [--seconds N] [--port PATH]… [--json]",
    help: `Lists the serial ports, HID devices and Bluetooth adapters this machine can see (kernel HCI, BlueZ on
D-Bus, serial ports that answer an HCI Reset) and the BLE dice each adapter hears. A subsystem that cannot be
used (no Bluetooth adapter, no libusb) is explained, not a crash.

  --seconds N   how long to listen for dice (0 to 120, default 5)
  --port PATH   also probe this serial port for an HCI controller (repeatable)
  --json        print JSON`,
    options: { seconds: { type: "string" }, port: { type: "string", multiple: true }, json: { type: "boolean" } },
    run: async ({ values }) => (await import("./devices.ts")).runDevices(["scan"], values),
  },
  {
    name: "replay",
    synopsis: "quarterdeck replay DBFILE [--game ID] [--to N] [--report FILE]",
    help: `Rebuilds a game of a game file (data/quarterdeck.sqlite) from its event log and prints it as JSON.

  --game ID       the game to rebuild, by its id as /games lists it (default: the latest game of the file)
  --to N          stop after the first N log entries
  --report FILE   also write the after-action report: HTML for .html/.htm, else Markdown`,
    options: { game: { type: "string" }, to: { type: "string" }, report: { type: "string" } },
    maxPositionals: 1,
    run: async ({ values, positionals }) =>
      (await import("./replay.ts")).runReplay(positionals, { game: str(values.game), to: str(values.to), report: str(values.report) }),
  },
  {
    name: "data import-sail",
    synopsis: "quarterdeck data import-sail FILE [--out FILE]",
    help: `Reads your own copy of BSD sail(6)'s globals.c and writes a wsim-battle-v3 data file in the base game's model
(Hit Determination and rake tables, modifiers by gun band, Hit Tables, melee table), carrying the file's BSD
notice and source in its header. Without --out the data file is printed. Use it with --data FILE.

  --out FILE   write the data file here instead of printing it`,
    options: { out: { type: "string" } },
    maxPositionals: 1,
    run: async ({ values, positionals }) => (await import("./data.ts")).runData(["import-sail", ...positionals], { out: str(values.out) }),
  },
  {
    name: "club",
    synopsis: "quarterdeck club --broker URL | --embedded-broker [--port N] [--data DIR]",
    help: `The club board: every table of the club on one MQTT broker, a live board at /club and a league at /club/league.

  --broker URL        an external broker: mqtt://host:1883 or mqtts://user:pass@host:8883
  --ca/--cert/--key F PEM files for TLS to the external broker
  --embedded-broker   run the broker in this process (aedes)
  --mqtt-host ADDR    where the embedded broker listens (default 127.0.0.1; 0.0.0.0 for tables on the LAN)
  --mqtt-port N       the embedded broker's port (default 1883)
  --accounts FILE     YAML list of {username, password, table: "<club>/<table>"}: the embedded broker then
                      admits only these, each table publishing only under its own topics
  --club ID           only this club's tables (default: every club on the broker)
  --port N            the board's web port (default 7430)
  --host ADDR         the board's web address (default 127.0.0.1; 0.0.0.0 for a wall screen on the LAN)
  --data DIR          where club.sqlite is kept (default ./data)`,
    options: {
      broker: { type: "string" },
      "embedded-broker": { type: "boolean" },
      "mqtt-host": { type: "string" },
      "mqtt-port": { type: "string" },
      accounts: { type: "string" },
      club: { type: "string" },
      ca: { type: "string" },
      cert: { type: "string" },
      key: { type: "string" },
      port: { type: "string" },
      host: { type: "string" },
      data: { type: "string" },
    },
    run: async ({ values }) =>
      (await import("./club.ts")).runClub({
        broker: str(values.broker),
        "embedded-broker": values["embedded-broker"] === true,
        "mqtt-host": str(values["mqtt-host"]),
        "mqtt-port": str(values["mqtt-port"]),
        accounts: str(values.accounts),
        club: str(values.club),
        ca: str(values.ca),
        cert: str(values.cert),
        key: str(values.key),
        port: str(values.port),
        host: str(values.host),
        data: str(values.data),
      }),
  },
];
