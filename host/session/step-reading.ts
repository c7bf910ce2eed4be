/**
 * A device reading other than a die's roll, within a step: a tag taps its ship, a ship seen by the camera keeps her
 * position, a lost roll is said, and a button raises its command. What a reading sets off besides itself (the tap,
 * the command) is raised, not run inside it: the step plays it next, as an input of its own (`step.ts`).
 */
import type { DieRolled, Reading, ShipSeen } from "../../devices/readings.ts";
import { derivedName } from "../devices.ts";
import { dieNamer } from "./dice-gather.ts";
import { type MoveRun, seenMoving } from "./move-watch.ts";
import { offTable, sighted } from "./positions.ts";
import type { SessionInput } from "./session-types.ts";

/** The button box's commands, as inputs. */
const BUTTONS: Readonly<Record<string, SessionInput>> = {
  confirm: { type: "confirm" },
  undo: { type: "undo" },
  "next-phase": { type: "next-phase" },
  cancel: { type: "cancel" },
  roll: { type: "software-roll" },
  "next-choice": { type: "next-choice" },
  "prev-choice": { type: "next-choice", back: true },
  log: { type: "log" },
};

/**
 * A device reading other than a die's roll (which `step.ts` takes itself, so that a die's path stays short): a tag
 * taps its ship, a ship seen keeps her position, a lost roll is said, a button raises its command.
 */
export function reading(run: MoveRun, r: Exclude<Reading, DieRolled>): void {
  const { env } = run;
  if (r.type === "tag.arrived") {
    const ship = env.tags[r.uid.toUpperCase()] ?? run.game.state.ships.find((s) => s.id === r.text)?.id;
    const reader = env.health.find((h) => h.id === r.readerId)?.name ?? derivedName({ id: r.readerId, kind: "reader", family: "" });
    if (!ship) run.notice("warn", `Tag ${r.uid} (read by ${reader}) is not on any ship of this table.`);
    else run.raise({ type: "tap", ship }, "notice");
  } else if (r.type === "ship.seen") {
    seen(run, r);
  } else if (r.type === "die.roll-lost") {
    run.notice("warn", `Roll ${dieNamer(env.health)(r)} again: its last roll was lost (${r.reason}).`);
  } else if (r.type === "button.pressed") {
    const command = BUTTONS[r.command];
    if (command) run.raise(command, "notice");
    else run.notice("warn", `The button command "${r.command}" is unknown.`);
  }
}

/** A ship seen on the table: its latest position kept; saved and shown when it moved (not for a camera's jitter). */
function seen(run: MoveRun, r: ShipSeen): void {
  const { ships } = run.game.state;
  const ship = ships.find((s) => s.id === r.ship);
  const off = ship ? offTable(r, ship.name, run.env.layout) : null;
  if (off) {
    run.notice("warn", off, r.sourceId);
    return;
  }
  const next = sighted(
    run.work.positions,
    r,
    ships.map((s) => s.id),
  );
  if (!next) return;
  run.work.positions = next.positions;
  if (next.changed && run.work.moves) seenMoving(run, r.ship);
  if (next.changed) run.changed();
}
