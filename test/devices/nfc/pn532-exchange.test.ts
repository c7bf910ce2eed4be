import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CMD, inListPassiveTarget } from "../../../devices/nfc/pn532/commands.ts";
import { Pn532Exchange } from "../../../devices/nfc/pn532/exchange.ts";
import { hex } from "../../../devices/nfc/pn532/frame.ts";
import { bytes, V } from "./vectors.ts";

function rig() {
  const written: string[] = [];
  const x = new Pn532Exchange(async (b) => void written.push(hex(b)));
  return { x, written };
}

describe("PN532 request/response matching", () => {
  it("resolves with the parameters after the ACK and the response with code + 1", async () => {
    const { x, written } = rig();
    const answer = x.request(inListPassiveTarget(), CMD.inListPassiveTarget, 1000);
    x.receive(bytes(V.ack));
    x.receive(bytes(V.ntagFound));
    expect(hex(await answer)).toBe("01 01 00 44 00 07 04 A2 3B 5C 1D 6E 80");
    expect(written).toEqual([V.inList]);
  });

  it("a response before the ACK (a duplicate of an earlier one) is dropped and counted", async () => {
    const { x } = rig();
    const answer = x.request(inListPassiveTarget(), CMD.inListPassiveTarget, 1000);
    x.receive(bytes(`${V.ntagFound} ${V.ack} ${V.noTarget}`));
    expect(hex(await answer)).toBe("00");
    expect(x.stats.unsolicited).toBe(1);
  });

  it("a response to another command is not taken", async () => {
    const { x } = rig();
    const answer = x.request(inListPassiveTarget(), CMD.inListPassiveTarget, 1000);
    x.receive(bytes(`${V.ack} ${V.samResponse} ${V.noTarget}`));
    expect(hex(await answer)).toBe("00");
    expect(x.stats.unsolicited).toBe(1);
  });

  it("an error frame after the ACK rejects", async () => {
    const { x } = rig();
    const answer = x.request(inListPassiveTarget(), CMD.inListPassiveTarget, 1000);
    x.receive(bytes(`${V.ack} ${V.error}`));
    await expect(answer).rejects.toThrow(/error frame/);
  });

  it("a timeout rejects and aborts the command with an ACK", async () => {
    const { x, written } = rig();
    await expect(x.request(inListPassiveTarget(), CMD.inListPassiveTarget, 10)).rejects.toThrow(/no answer to command 0x4a within 10 ms/);
    expect(written).toEqual([V.inList, V.ack]);
  });

  it("cancel rejects the pending command; a second request while one is pending is refused", async () => {
    const { x } = rig();
    const first = x.request(inListPassiveTarget(), CMD.inListPassiveTarget, 1000);
    await expect(x.request(inListPassiveTarget(), CMD.inListPassiveTarget, 1000)).rejects.toThrow(/already in progress/);
    x.cancel("unplugged");
    await expect(first).rejects.toThrow("unplugged");
  });

  it("never throws on arbitrary bytes; a pending command settles only through a well-formed matching frame", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.uint8Array({ maxLength: 40 }), { maxLength: 10 }), async (chunks) => {
        const { x } = rig();
        const answer = x.request(inListPassiveTarget(), CMD.inListPassiveTarget, 1000).then(
          (params) => ({ resolved: hex(params) }),
          (e: Error) => ({ rejected: e.message }),
        );
        for (const c of chunks) x.receive(c);
        x.receive(bytes(`${V.ack} ${V.noTarget}`));
        const outcome = await answer;
        if ("resolved" in outcome) expect(outcome.resolved).toMatch(/^([0-9A-F]{2}( [0-9A-F]{2})*)?$/);
      }),
      { numRuns: 200 },
    );
  });
});
