import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { isState, latestOnly, perFrame } from "../../../host/public/lib/per-frame.js";
import { stateMessage } from "../../../host/server/routes/live.ts";
import { appFixture } from "../server/app-fixture.ts";

const state = (v: number) => ({ data: `{"type":"state","state":{"version":${v}}}` });
const event = (n: string) => ({ data: `{"type":"event","event":{"type":"${n}"}}` });
const display = { data: `{"type":"display","display":{"scale":1.25}}` };

describe("live messages handed on once per frame", () => {
  it("reads the host's own state message as a state (host/server/routes/live.ts), so a change of its field order shows here", async () => {
    const f = await appFixture(false);
    try {
      expect(isState(stateMessage(f.table.view()))).toBe(true);
    } finally {
      await f.close();
    }
  });

  it("reads a state as the host writes it, and nothing else as one", () => {
    expect(isState(state(3).data)).toBe(true);
    expect(isState(event("result").data)).toBe(false);
    expect(isState(display.data)).toBe(false);
    // a state's words inside another message do not make it one
    expect(isState(`{"type":"event","event":{"type":"state"}}`)).toBe(false);
  });

  it("of the states held together only the newest is kept; events and preferences all, in order", () => {
    const held = [state(1), event("result"), state(2), display, event("undo"), state(3), event("focus")];
    expect(latestOnly(held)).toEqual([event("result"), display, event("undo"), state(3), event("focus")]);
    expect(latestOnly([event("a"), display])).toEqual([event("a"), display]);
    expect(latestOnly([state(7)])).toEqual([state(7)]);
  });

  it("for any messages: the last state kept where it came, every other kind kept in order", () => {
    const message = fc.oneof(fc.nat(99).map(state), fc.constantFrom("result", "undo", "focus").map(event), fc.constant(display));
    fc.assert(
      fc.property(fc.array(message, { maxLength: 30 }), (held) => {
        const out = latestOnly(held);
        expect(out.filter((m) => !isState(m.data))).toEqual(held.filter((m) => !isState(m.data)));
        const states = held.filter((m) => isState(m.data));
        expect(out.filter((m) => isState(m.data))).toEqual(states.slice(-1));
        // nothing reordered: the output is a subsequence of what came
        let i = 0;
        for (const m of held) if (m === out[i]) i++;
        expect(i).toBe(out.length);
      }),
    );
  });

  describe("the gate, on a frame clock the test turns", () => {
    const frames = new Map<number, FrameRequestCallback>();
    let ids = 0;
    const g = globalThis as unknown as Record<string, unknown>;
    g.requestAnimationFrame = (cb: FrameRequestCallback) => {
      frames.set(++ids, cb);
      return ids;
    };
    g.cancelAnimationFrame = (id: number) => frames.delete(id);
    const frame = () => {
      const due = [...frames.values()];
      frames.clear();
      for (const cb of due) cb(0);
    };
    afterEach(() => {
      vi.useRealTimers();
    });

    it("a state at once, the states after it in the same frame the newest only at the next, events always in order", () => {
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
      const got: string[][] = [];
      const gate = perFrame((batch) => got.push(batch.map((m) => m.data)));
      const s = (v: number) => state(v).data;
      const e = (n: string) => event(n).data;
      gate(s(1), 0);
      gate(e("result"), 0);
      gate(s(2), 0);
      gate(e("undo"), 0);
      gate(s(3), 0);
      expect(got).toEqual([[s(1)], [e("result")]]);
      frame();
      expect(got.slice(2)).toEqual([[e("undo"), s(3)]]);
      // one state per frame: the next state after that batch waits for the frame after
      gate(s(4), 0);
      expect(got).toHaveLength(3);
      frame();
      expect(got.slice(3)).toEqual([[s(4)]]);
      // a frame with nothing held opens the gate again
      frame();
      gate(s(5), 0);
      expect(got.slice(4)).toEqual([[s(5)]]);
      // no frame coming (a page in a background tab): what is held goes after a quarter of a second
      gate(s(6), 0);
      expect(got).toHaveLength(5);
      vi.advanceTimersByTime(250);
      expect(got.slice(5)).toEqual([[s(6)]]);
    });
  });
});
