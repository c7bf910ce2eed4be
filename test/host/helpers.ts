/** Shared fixtures of the host tests: the demo setup, a store in a temp dir, a session, and readings. */
import { join } from "node:path";
import type { DeviceHealth, DieRolled, Reading } from "../../devices/readings.ts";
import { loadScenario, type TableSetup } from "../../host/config/load.ts";
import { TableSession } from "../../host/session/table-session.ts";
import { SqliteStore } from "../../host/store/sqlite-store.ts";
import { tempDir } from "../support/temp-dir.ts";

export { tempDir };

export function demoSetup(name = "sole-bay-1672"): TableSetup {
  const s = loadScenario(name);
  if (!s.ok) throw new Error(s.error.message);
  return s.value;
}

/** Dice health as the demo's dice report it: colours from configuration. */
export const demoDice: DeviceHealth[] = [
  ...["white", "white", "white", "white", "black", "red"].map((color, i) => ({
    id: `pixel-${i + 1}`,
    kind: "die" as const,
    family: "pixels",
    connected: true,
    status: "connected",
    emulated: true,
    dieKind: "d6" as const,
    color,
  })),
  ...["blue", "green", "yellow"].map((color, i) => ({
    id: `godice-${i + 1}`,
    kind: "die" as const,
    family: "godice",
    connected: true,
    status: "connected",
    emulated: true,
    dieKind: "d6" as const,
    color,
  })),
];

/** The demo's button pad as it reports its health: connected, with its buttons' commands. */
export const demoPad: DeviceHealth = {
  id: "pad",
  kind: "pad",
  family: "hid-pad",
  connected: true,
  status: "connected",
  emulated: true,
  commands: ["confirm", "undo", "next-phase", "cancel", "roll", "next-choice", "prev-choice"],
};

export interface SessionFixture {
  readonly session: TableSession;
  readonly store: SqliteStore;
  readonly file: string;
  reopen(): SessionFixture;
}

/** A session over a SQLite file; `reopen()` opens a second session on the same file, as a restart would. */
export function openSession(
  setup = demoSetup(),
  file = join(tempDir(), "game.sqlite"),
  faces: number[] = [],
  health: readonly DeviceHealth[] = demoDice,
): SessionFixture {
  const store = new SqliteStore(file);
  const game = store.game({ ruleset: setup.ruleset.id, title: setup.title, start: setup.start, data: setup.data ?? null }, 1000);
  let t = 1000;
  const queue = [...faces];
  const opened = TableSession.open({
    setup,
    store: game,
    now: () => ++t,
    randomFace: (sides) => queue.shift() ?? sides,
    deviceHealth: () => health,
  });
  if (!opened.ok) throw new Error(opened.error.message);
  return {
    session: opened.value,
    store,
    file,
    reopen: () => {
      store.close();
      return openSession(setup, file, faces, health);
    },
  };
}

let at = 0;
/** A demo die's reading; it carries the die's colour, as the dice drivers report it. */
export const roll = (dieId: string, face: number): DieRolled => {
  const color = demoDice.find((d) => d.id === dieId)?.color;
  return {
    type: "die.rolled",
    dieId,
    family: dieId.startsWith("godice") ? "godice" : "pixels",
    dieKind: "d6",
    face,
    ...(color ? { color } : {}),
    at: ++at,
  };
};
export const tag = (uid: string, readerId = "reader-1"): Reading => ({ type: "tag.arrived", readerId, uid, at: ++at });
export const press = (command: string): Reading => ({ type: "button.pressed", deviceId: "pad", command, at: ++at });

/** The demo's tag UID of a ship. */
export function uidOf(setup: TableSetup, shipId: string): string {
  const uid = Object.entries(setup.tags).find(([, id]) => id === shipId)?.[0];
  if (!uid) throw new Error(`no tag for ${shipId}`);
  return uid;
}
