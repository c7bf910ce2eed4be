/**
 * The game ends at the table (issue 24 item 4): the organiser's End and the rules' own end both show in the view
 * ("Game over — Allied win", how it ended, each side's ships), reach /api/games and the after-action report (winner,
 * players, dates, how it ended); an End while dice are mid-roll is refused in words and nothing rolled is lost.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppFixture, appFixture } from "./app-fixture.ts";

let f: AppFixture;
beforeAll(async () => {
  f = await appFixture(false);
});
afterAll(async () => {
  await f?.close();
});

const post = (url: string, payload?: unknown) =>
  f.app.inject({ method: "POST", url, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const ship = (id: string, more: Record<string, unknown> = {}) => ({ id, name: id, rating: 3, speed: "medium", hull: "average", ...more });

describe("the organiser's End", () => {
  it("is refused while dice are mid-roll, with a sentence; the dice already rolled stay", async () => {
    const s = f.table.session;
    expect(s.send({ type: "start", action: { type: "initiative" } }).ok).toBe(true);
    s.send({
      type: "reading",
      reading: { type: "die.rolled", dieId: "pixel-1", family: "pixels", dieKind: "d6", face: 4, color: "white", at: Date.now() },
    });
    expect(s.draft?.rolls.length).toBe(1);
    const r = await post(`/api/games/${f.table.gameId}/end`, { winner: "Allied" });
    expect(r.statusCode).toBe(409);
    expect(r.json().error).toMatchObject({ code: "game.mid-roll", path: "id" });
    expect(r.json().error.message).toBe("1 die has been rolled for Initiative: finish the roll (or cancel it) before ending the game.");
    expect(s.draft?.rolls.length).toBe(1);
    expect(f.table.view().ended).toBeNull();
    expect(s.send({ type: "cancel" }).ok).toBe(true);
  });

  it("shows on the display with the summary, is said as a notice, reaches /api/games and the report", async () => {
    const before = f.table.session.version;
    const r = await post(`/api/games/${f.table.gameId}/end`, { winner: "Allied" });
    expect(r.statusCode).toBe(200);
    expect(f.table.session.version).toBeGreaterThan(before);
    const v = f.table.view();
    expect(v.ended).toMatchObject({
      by: "organiser",
      winner: "Allied",
      headline: "Game over — Allied win",
      reason: "Ended by the organiser, who named Allied the winner.",
    });
    expect(v.ended?.sides.map((t) => t.side)).toEqual(["Allied", "Dutch"]);
    expect(v.ended?.sides.every((t) => t.afloat === t.ships && t.ships > 0)).toBe(true);
    expect(v.notices.at(-1)?.text).toBe("Game over — Allied win: ended by the organiser.");
    const [game] = (await f.app.inject({ method: "GET", url: "/api/games" })).json();
    expect(game).toMatchObject({ status: "ended", winner: "Allied", endReason: "Ended by the organiser, who named Allied the winner." });
    expect(typeof game.endedAt).toBe("number");
    const report = (await f.app.inject({ method: "GET", url: `/api/games/${f.table.gameId}/report` })).body;
    expect(report).toContain('<p class="result" id="result">Game over — Allied win</p>');
    expect(report).toContain("<dt>How it ended</dt><dd>Ended by the organiser, who named Allied the winner.</dd>");
    expect(report).toMatch(/<dt>Players<\/dt><dd>Allied: [^<]+; Dutch: [^<]+<\/dd>/);
    expect(report).toMatch(/<dt>Created<\/dt><dd>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d<\/dd>/);
    expect(report).toMatch(/<dt>Ended<\/dt><dd>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d<\/dd>/);
  });
});

describe("the rules' own end", () => {
  it("a side with no ship afloat: game over once the rolls the rules demand are done, and an undo takes it back", async () => {
    const created = await post("/api/games", {
      ruleset: "sole-bay-1672",
      fleets: [
        { side: "English", ships: [ship("london", { rating: 1, hull: "stout", firstBroadsideUsed: true })] },
        { side: "Dutch", ships: [ship("gouda", { damage: 15, flagship: false })] },
      ],
      players: [
        { side: "English", name: "Ann" },
        { side: "Dutch", name: "Bram" },
      ],
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    expect((await post(`/api/games/${id}/open`)).statusCode).toBe(200);
    const s = f.table.session;
    expect(s.send({ type: "start", action: { type: "broadside", firer: "london", target: "gouda", rangeInches: 2 } }).ok).toBe(true);
    const dice = f.table.view().pending?.plan?.[0]?.count ?? 0;
    expect(s.send({ type: "dice", values: Array(dice).fill(6) }).ok).toBe(true);
    // destroyed: the explosion roll the rules demand comes first
    expect(f.table.view().ended).toBeNull();
    expect(s.followUps.map((x) => x.action.type)).toEqual(["explosion-roll", "breakpoint"]);
    expect(s.send({ type: "dice", values: [1, 2] }).ok).toBe(true);
    expect(f.table.view().ended).toBeNull();
    expect(s.send({ type: "dice", values: [6] }).ok).toBe(true);
    const v = f.table.view();
    expect(v.ended).toMatchObject({
      by: "rules",
      winner: "English",
      headline: "Game over — English win",
      reason: "Dutch has no ship afloat.",
    });
    expect(v.ended?.sides.find((t) => t.side === "Dutch")).toMatchObject({ afloat: 0, out: { destroyed: 1 } });
    const listed = (await f.app.inject({ method: "GET", url: "/api/games" })).json().find((g: { id: number }) => g.id === id);
    expect(listed).toMatchObject({ status: "ended", winner: "English", endReason: "Dutch has no ship afloat." });
    const report = (await f.app.inject({ method: "GET", url: `/api/games/${id}/report` })).body;
    expect(report).toContain("Game over — English win");
    expect(report).toContain("<dt>Players</dt><dd>English: Ann; Dutch: Bram</dd>");
    const summary = (await f.app.inject({ method: "GET", url: `/api/games/${id}/summary` })).json();
    expect(summary.ended).toMatchObject({ by: "rules", winner: "English", headline: "Game over — English win" });
    // the result that ended it taken back: the game goes on
    expect(s.send({ type: "undo" }).ok).toBe(true);
    expect(f.table.view().ended).toBeNull();
  });
});
