import { describe, expect, it } from "vitest";
import { runCli } from "../../../host/cli/main.ts";
import { V } from "./vectors.ts";

const run = async (...argv: string[]) => {
  const r = await runCli(argv);
  return { code: r.code, json: JSON.parse(r.stdout) as Record<string, unknown> & { error?: { code: string; path: string } } };
};

describe("quarterdeck decode pn532 | hid-wedge", () => {
  it("decodes a conversation given as one stream in arbitrary arguments", async () => {
    const stream = `${V.inList} ${V.ack} ${V.ntagFound}`.split(" ");
    const { code, json } = await run("decode", "pn532", stream.slice(0, 7).join(""), ...stream.slice(7));
    expect(code).toBe(0);
    expect(json.frames).toEqual([
      expect.objectContaining({ direction: "host→pn532", command: "InListPassiveTarget" }),
      expect.objectContaining({ kind: "ack" }),
      expect.objectContaining({
        response: "InListPassiveTarget response",
        targets: [{ tg: 1, atqa: "0044", sak: "00", uid: "04A23B5C1D6E80" }],
      }),
    ]);
  });

  it("shows the ship id in a READ answer that holds the whole Text record", async () => {
    const { json } = await run("decode", "pn532", V.readPage4Response);
    expect(json.frames).toEqual([expect.objectContaining({ text: "ship-07", status: "00" })]);
  });

  it("a bad checksum is exit 2 with decode.rejected, still listing what did decode", async () => {
    const { code, json } = await run("decode", "pn532", V.ack, V.samResponse.replace("16 00", "17 00"));
    expect(code).toBe(2);
    expect(json).toMatchObject({ ok: false, error: { code: "decode.rejected" }, frames: [{ kind: "ack" }] });
    expect(json.rejected).toEqual(expect.arrayContaining([expect.objectContaining({ reason: "dcs" })]));
  });

  it("bad hex is exit 2 with input.invalid naming the argument", async () => {
    const { code, json } = await run("decode", "pn532", "00 00 FF", "0G");
    expect(code).toBe(2);
    expect(json).toEqual({ ok: false, error: { code: "input.invalid", message: expect.stringContaining("0G"), path: "argv[3]" } });
    expect((await run("decode", "hid-wedge", "000")).code).toBe(2);
    expect((await run("decode", "pn532")).json.error?.code).toBe("input.invalid");
  });

  it("an unknown family is exit 2 listing the families", async () => {
    const { code, json } = await run("decode", "nfc", "00");
    expect(code).toBe(2);
    expect(json.error).toMatchObject({ code: "input.invalid", path: "argv[1]", message: expect.stringContaining("pn532, hid-wedge") });
  });

  it("decodes keyboard-wedge reports to the typed UID", async () => {
    const reports = ["0000270000000000", "0000000000000000", "0200040000000000", "0000000000000000", "0000280000000000"];
    const { code, json } = await run("decode", "hid-wedge", ...reports);
    expect(code).toBe(0);
    expect(json).toMatchObject({ ok: true, lines: ["0A"], uids: ["0A"] });
    expect((json.reports as unknown[])[2]).toMatchObject({ modifiers: ["LShift"], keys: ["A"] });
  });

  it("dispatches the dice and bridge families to their decoders", async () => {
    const bridge = await run("decode", "bridge", "F0 F7");
    expect(bridge.json).toMatchObject({ family: "bridge" });
    const dice = await run("decode", "godice", "zz");
    expect(dice.code).toBe(2);
  });
});

describe("quarterdeck devices", () => {
  it("an unknown subcommand or bad --seconds is exit 2", async () => {
    expect((await run("devices", "list")).code).toBe(2);
    expect((await run("devices", "scan", "--seconds", "soon")).json.error?.path).toBe("--seconds");
  });
});
