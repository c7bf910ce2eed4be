/** Issue 15, item 6: a roll the dice layer could not recover is a notice on the display naming the die's colour. */
import { describe, expect, it } from "vitest";
import { openSession } from "../helpers.ts";

describe("a roll lost in transit", () => {
  it("becomes a warning notice: roll the black die again", () => {
    const f = openSession();
    const before = f.session.version;
    f.session.send({
      type: "reading",
      reading: {
        type: "die.roll-lost",
        dieId: "pixel-5",
        family: "pixels",
        color: "black",
        reason: "no result arrived after the die rolled",
        at: 1,
      },
    });
    expect(f.session.notices.at(-1)).toMatchObject({ level: "warn" });
    expect(f.session.notices.at(-1)?.text).toMatch(/^Roll Pixels die 5 again/);
    expect(f.session.version).toBeGreaterThan(before);
    f.store.close();
  });
});
