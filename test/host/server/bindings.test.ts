/** Issue 15 item 4: `/api/bindings` takes only the table's dice and sides, bounded, and a binding can be removed. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppFixture, appFixture, fingerprint } from "./app-fixture.ts";

let f: AppFixture;
beforeAll(async () => {
  f = await appFixture(true);
});
afterAll(async () => f.close());

const bind = (payload: object) => f.app.inject({ method: "POST", url: "/api/bindings", payload });
const unbind = (die: string) => f.app.inject({ method: "DELETE", url: `/api/bindings/${encodeURIComponent(die)}` });
const bindings = () => f.table.session.work.bindings;

describe("die bindings", () => {
  it("binds one of the table's dice to a side, replaces it, and removes it", async () => {
    const r = await bind({ die: "pixel-5", roles: ["attack"], colors: ["black"], side: "Dutch" });
    expect(r.statusCode).toBe(200);
    expect(r.json().state.bindings).toEqual([{ die: "pixel-5", roles: ["attack"], colors: ["black"], side: "Dutch" }]);
    expect((await bind({ die: "pixel-5", side: "Allied" })).statusCode).toBe(200);
    expect(bindings()).toEqual([{ die: "pixel-5", side: "Allied" }]);
    const gone = await unbind("pixel-5");
    expect(gone.statusCode).toBe(200);
    expect(gone.json().state.bindings).toEqual([]);
    const again = await unbind("pixel-5");
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toMatchObject({ code: "binding.unknown", path: "die" });
  });

  it("refuses unknown dice and sides, and oversized lists, keeping nothing", async () => {
    const before = fingerprint(f.table);
    const cases: [object, string, string][] = [
      [{ die: "pixel-99" }, "die.unknown", "die"],
      [{ die: "reader-1" }, "die.unknown", "die"],
      [{ die: "pixel-1", side: "French" }, "side.unknown", "side"],
      [{ die: "x".repeat(101) }, "input.invalid", "die"],
      [{ die: "pixel-1", roles: Array(17).fill("attack") }, "input.invalid", "roles"],
      [{ die: "pixel-1", colors: ["c".repeat(41)] }, "input.invalid", "colors[0]"],
    ];
    for (const [body, code, path] of cases) {
      const r = await bind(body);
      expect(r.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(r.json().error).toMatchObject({ code, path });
    }
    expect(fingerprint(f.table)).toBe(before);
  });

  it("cannot grow the state: a hundred bindings of all sizes leave at most one per die", async () => {
    for (let i = 0; i < 100; i++) await bind({ die: `pixel-${(i % 6) + 1}`, roles: Array(16).fill(`role-${i}`) });
    expect(bindings().length).toBe(6);
    for (let i = 1; i <= 6; i++) await unbind(`pixel-${i}`);
    expect(bindings()).toEqual([]);
  });
});
