/**
 * The demo's rendered table in place of a camera (host/public/camera-demo.js): frames handed out at most five times a
 * second, the host asked at most once a second (a 304 keeps the frame it has), a new frame shown when the table
 * changed; whether the host is the demo.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEMO_ASK_MS, DEMO_FRAME_MS, DemoFrames, hasDemoTable } from "../../../host/public/camera-demo.js";

const png = (tag: string) => new Blob([tag], { type: "image/png" });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "performance"] });
  vi.stubGlobal("createImageBitmap", async (b: Blob) => ({ blob: await b.text() }));
  let n = 0;
  vi.stubGlobal("URL", { ...URL, createObjectURL: () => `blob:${++n}`, revokeObjectURL: () => {} });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("DemoFrames", () => {
  it("paces frames, asks the host once a second with the frame's tag, and keeps the frame on a 304", async () => {
    const asked: (string | undefined)[] = [];
    let version = 1;
    const fetcher = async (_url: string, init: { headers: Record<string, string> }) => {
      asked.push(init.headers["if-none-match"]);
      const tag = `"${version}"`;
      if (init.headers["if-none-match"] === tag) return new Response(null, { status: 304 });
      return new Response(png(`frame ${version}`), { status: 200, headers: { etag: tag } });
    };
    const views: string[] = [];
    const frames = new DemoFrames((u: string) => views.push(u), fetcher);
    const take = async () => {
      const p = frames.next();
      await vi.advanceTimersByTimeAsync(DEMO_FRAME_MS);
      return (await p)?.image as unknown as { blob: string };
    };
    expect((await take()).blob).toBe("frame 1");
    for (let i = 0; i < 4; i++) expect((await take()).blob).toBe("frame 1");
    expect(asked).toEqual([undefined]); // one ask within the second
    await vi.advanceTimersByTimeAsync(DEMO_ASK_MS);
    expect((await take()).blob).toBe("frame 1");
    expect(asked).toEqual([undefined, '"1"']); // asked again: not modified
    version = 2;
    await vi.advanceTimersByTimeAsync(DEMO_ASK_MS);
    expect((await take()).blob).toBe("frame 2");
    expect(views).toEqual(["blob:1", "blob:2"]);
    frames.stop();
    expect(await frames.next()).toBeNull();
  });

  it("knows the demo by its state's sim flag", async () => {
    expect(await hasDemoTable(async () => new Response(JSON.stringify({ sim: true })))).toBe(true);
    expect(await hasDemoTable(async () => new Response(JSON.stringify({ sim: false })))).toBe(false);
    expect(
      await hasDemoTable(async () => {
        throw new Error("down");
      }),
    ).toBe(false);
  });
});
