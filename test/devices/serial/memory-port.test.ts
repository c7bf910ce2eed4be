import { SerialPortStream } from "@serialport/stream";
import { describe, expect, it } from "vitest";
import { MemorySerialPort, memorySerialBackend } from "../../../devices/testing/serial/memory-port.ts";
import { until } from "../../support/wait.ts";

describe("the in-memory serial pair ({list, open} binding)", () => {
  it("carries bytes both ways through serialport's own stream, and an unplug ends the session", async () => {
    const fromHost: number[] = [];
    const echo: MemorySerialPort = new MemorySerialPort("/emulated/echo0", {
      onHost: (bytes) => {
        fromHost.push(...bytes);
        echo.toHost(Buffer.from(bytes.map((b) => b + 1)));
      },
    });
    const other = new MemorySerialPort("/emulated/other0", { onHost: () => {} });
    const backend = memorySerialBackend([echo, other]);
    expect((await backend.list()).map((p) => p.path)).toEqual(["/emulated/echo0", "/emulated/other0"]);

    const port = new SerialPortStream({ binding: backend, path: "/emulated/echo0", baudRate: 9600, autoOpen: false });
    await new Promise<void>((resolve, reject) => port.open((e) => (e ? reject(e) : resolve())));
    const got: number[] = [];
    port.on("data", (d: Buffer) => got.push(...d));
    port.write(Buffer.of(1, 2, 3));
    await until(() => got.length === 3, "the echo");
    expect(fromHost).toEqual([1, 2, 3]);
    expect(got).toEqual([2, 3, 4]);

    const closed = new Promise<Error | null>((resolve) => port.once("close", (e: Error | null) => resolve(e)));
    echo.unplug();
    expect(((await closed) as Error & { disconnected?: boolean })?.disconnected).toBe(true);
    await expect(backend.open({ path: "/emulated/echo0", baudRate: 9600 })).rejects.toThrow(/ENOENT/);
    expect((await backend.list()).map((p) => p.path)).toEqual(["/emulated/other0"]);
    echo.plug();
    const again = await backend.open({ path: "/emulated/echo0", baudRate: 9600 });
    await expect(backend.open({ path: "/emulated/echo0", baudRate: 9600 })).rejects.toThrow(/lock/);
    await again.close();
  });
});
