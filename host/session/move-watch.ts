/**
 * The movement phase as the table watches it (issue 43): a ship's position changing during a movement phase is a
 * move — from where she stood when her move began (kept as the phase opens, or when she is tapped or first seen in
 * it) to where she stands now. Each change is judged by her rule set (`move-judge.ts`) and kept with the game
 * (`work.moves`), which the display shows in words with where she may end it; her move is logged as an entry of the
 * game when it is done (another ship tapped or seen moving, the next phase), with the contacts the text plays
 * prompted after it. A move the rules forbid is said with its figures and not logged: the table cannot push a model
 * back, so the display says what to fix and the next sighting judges again.
 */
import { applyEvents, transition } from "../../src/game/engine.ts";
import type { TableState } from "../../src/game/types.ts";
import { angleGap, distance } from "../../src/geometry/vec.ts";
import type { RulesError } from "../../src/result.ts";
import type { MoveWatch, Pose, ResolvedRecord, SessionSnapshot } from "../store/records.ts";
import { emptyDraft } from "./draft.ts";
import { isMovementPhase, type Judgement, judgeShipMove, moveActions } from "./move-judge.ts";
import { holds } from "./positions.ts";
import type { StepRun } from "./step-run.ts";

/** Less than this from where she stood is no move yet (a camera's jitter, a model nudged): mm and degrees. */
const MOVED_MM = 2;
const TURNED_DEGREES = 2;

/** A move log entry is committed by the step that runs it (step.ts): a record that answers no demand. */
export interface MoveRun extends StepRun {
  commitEntry(record: ResolvedRecord, state: TableState): void;
}

/** Where a ship stands now, when her sighting holds. */
function poseNow(run: StepRun, ship: string): Pose | null {
  const p = run.work.positions?.[ship];
  return p && holds(p, run.env.now()) ? { x: p.x, y: p.y, heading: p.heading } : null;
}

/** Whether she is away from where she stood by more than a camera's jitter. */
function hasMoved(start: Pose, now: Pose): boolean {
  return distance(now, start) >= MOVED_MM || angleGap(now.heading, start.heading) >= TURNED_DEGREES;
}

/** The watch as the movement phase opens: every ship seen stands where her move begins. */
function opened(run: StepRun): MoveWatch {
  const starts: Record<string, Pose> = {};
  for (const s of run.game.state.ships) {
    const p = poseNow(run, s.id);
    if (p) starts[s.id] = p;
  }
  return { starts, moving: null, done: [], judged: null, reach: null };
}

/** The records resolved since the movement phase opened (her movement action may be among them). */
function sinceOpened(run: StepRun): readonly ResolvedRecord[] {
  const after = run.work.moves?.after ?? 0;
  return run.game.records.filter((r) => r.seq > after);
}

/** The ships whose move this phase is logged (an undone entry opens her move again). */
function doneShips(run: StepRun): string[] {
  return sinceOpened(run).flatMap((r) => {
    const move = r.outcome.move as { ship?: unknown } | undefined;
    return typeof move?.ship === "string" ? [move.ship] : [];
  });
}

/** The rules' judgement of her move now, or null (no start, no position, or her rule set judges none). */
function judge(run: StepRun, ship: string, resolving?: ResolvedRecord): { judgement: Judgement | null; refused: RulesError | null } {
  const start = run.work.moves?.starts[ship];
  if (!start) return { judgement: null, refused: null };
  const { rs, now, layout } = run.env;
  const c = {
    rs,
    state: run.game.state,
    records: resolving ? [...sinceOpened(run), resolving] : sinceOpened(run),
    draft: run.work.draft,
    positions: run.work.positions,
    now: now(),
    ...(layout ? { layout } : {}),
  };
  const j = judgeShipMove(c, ship, start, run.work.phase);
  return j.ok ? { judgement: j.value, refused: null } : { judgement: null, refused: j.error };
}

/**
 * Her move is done: logged as an entry of the game (her movement action with the move judged, its contacts prompted
 * after it), or, when the rules forbid it, said with its figures and left open (she stays where her move began).
 */
export function finishMove(run: MoveRun): void {
  const w = run.work;
  const watch = w.moves;
  const ship = watch?.moving;
  if (!watch || !ship) return;
  w.moves = { ...watch, moving: null, judged: null, reach: null };
  const start = watch.starts[ship];
  const now = poseNow(run, ship);
  if (!start || !now || !hasMoved(start, now)) return;
  const { judgement: j, refused } = judge(run, ship);
  if (refused) {
    run.notice("warn", refused.message);
    return;
  }
  if (!j) return;
  if (!j.move.legal) {
    run.notice("warn", `${j.move.words.replace(/\.$/, "")}. Her move is not logged: put her where the rules allow and it is judged again.`);
    return;
  }
  const { rs } = run.env;
  const state = run.game.state;
  // her movement action resolved with the move, or (resolved before she moved) the move alone, with that outcome
  const t = j.resolved ? null : transition(rs, state, j.action, []);
  const played = t?.ok ? t.value : null;
  const outcome = { ...(j.resolved?.outcome ?? played?.outcome ?? {}), move: j.move };
  const events = played?.events ?? [];
  const record: ResolvedRecord = {
    seq: run.env.nextSeq(),
    at: run.env.now(),
    action: j.action,
    plan: played?.plan ?? [],
    dice: [],
    outcome,
    events,
    followUps: [...(played?.followUps ?? []), ...j.followUps],
    description: j.move.words,
  };
  run.commitEntry(record, applyEvents(rs, state, events));
}

/**
 * Her movement action resolved while her move is under way and she has moved (Quickfire's Move confirmed after the
 * model was moved): the record is her move's entry — the move in its outcome, its words, its contacts after it. A move
 * the rules forbid leaves the record as it is (her move stays open).
 */
export function movedRecord(run: StepRun, record: ResolvedRecord): ResolvedRecord {
  const ship = run.work.moves?.moving;
  const start = ship ? run.work.moves?.starts[ship] : undefined;
  const now = ship ? poseNow(run, ship) : null;
  if (!ship || !start || !now || !hasMoved(start, now)) return record;
  const { judgement: j } = judge(run, ship, record);
  if (!j || j.resolved !== record || !j.move.legal) return record;
  return {
    ...record,
    outcome: { ...record.outcome, move: j.move },
    followUps: [...record.followUps, ...j.followUps],
    description: j.move.words,
  };
}

/** A ship tapped in the movement phase: her move is set up (the one under way before is done). */
export function tappedToMove(run: MoveRun, ship: string): void {
  const watch = run.work.moves;
  if (!watch || !run.game.state.ships.some((s) => s.id === ship) || doneShips(run).includes(ship)) return;
  if (watch.moving && watch.moving !== ship) finishMove(run);
  // a tap in the movement phase is her move: another ship's movement set up (no dice in) gives way to hers, so the
  // tap names her, not a ship for the last one to follow (that order stays on /control)
  const d = run.work.draft;
  const m = moveActions(run.env.rs).find((x) => x.type === d?.type);
  if (d && m && d.origin === "table" && d.rolls.length === 0 && d.values[m.shipField] !== undefined && d.values[m.shipField] !== ship)
    run.work.draft = emptyDraft(d.type);
  const after = run.work.moves ?? watch;
  const start = after.starts[ship] ?? poseNow(run, ship);
  run.work.moves = { ...after, moving: ship, starts: start ? { ...after.starts, [ship]: start } : after.starts };
}

/** A ship seen somewhere new in the movement phase: where her move begins if none was kept, else she is moving. */
export function seenMoving(run: MoveRun, ship: string): void {
  const watch = run.work.moves;
  const now = poseNow(run, ship);
  if (!watch || !now || doneShips(run).includes(ship)) return;
  const start = watch.starts[ship];
  if (!start) {
    run.work.moves = { ...watch, starts: { ...watch.starts, [ship]: now } };
    return;
  }
  if (watch.moving === ship || !hasMoved(start, now)) return;
  if (watch.moving) finishMove(run);
  run.work.moves = { ...(run.work.moves ?? watch), moving: ship };
}

/**
 * After each step while a move is watched or the phase changed: the watch opened as a movement phase begins and
 * closed as it ends (the move under way logged first), and the moving ship's move judged again. Saved when it changed.
 */
export function watchMoves(run: MoveRun, before: SessionSnapshot): void {
  const w = run.work;
  const { rs } = run.env;
  // a game's first step (or a game kept from before moves were watched) opens the watch if it is in a movement phase
  if (w.phase !== before.phase || (w.turn ?? 1) !== (before.turn ?? 1) || w.moves === undefined) {
    if (w.moves) finishMove(run);
    w.moves = isMovementPhase(rs, w.phase) ? { ...opened(run), after: run.game.records.at(-1)?.seq ?? 0 } : null;
  }
  const watch = w.moves;
  if (!watch) {
    if (before.moves) run.changed();
    return;
  }
  const done = doneShips(run);
  // her move logged with her movement action (movedRecord): none is under way now
  const ship = watch.moving !== null && !done.includes(watch.moving) ? watch.moving : null;
  let next: MoveWatch = { ...watch, moving: ship, done, judged: null, reach: null };
  if (ship) {
    const start = watch.starts[ship];
    const now = poseNow(run, ship);
    const moved = start !== undefined && now !== null && hasMoved(start, now);
    const { judgement: j, refused: why } = judge(run, ship);
    // her orders refusing the move are said once she has moved (a tap is no move; the draft says it then)
    const refused = why && (moved || why.code !== "rules.illegal") ? why.message : null;
    if (refused && refused !== before.moves?.refused) run.notice("warn", refused);
    next = {
      ...next,
      judged: j && moved ? j.move : null,
      reach: j?.reach ?? null,
      ...(refused ? { refused } : {}),
    };
  }
  if (JSON.stringify(next) !== JSON.stringify(before.moves ?? null)) {
    w.moves = next;
    run.changed();
  }
}
