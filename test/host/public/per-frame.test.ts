import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isState, latestOnly } from "../../../host/public/lib/per-frame.js";

const state = (v: number) => ({ data: `{"type":"state","state":{"version":${v}}}` });
const event = (n: string) => ({ data: `{"type":"event","event":{"type":"${n}"}}` });
const display = { data: `{"type":"display","display":{"scale":1.25}}` };

describe("live messages handed on once per frame", () => {
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
});
