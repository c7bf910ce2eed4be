// Pure helpers that read the table state for the pages: whether the dice a roll needs can come, where the game
// is (phase of the turn), and whether a tap has only shown a ship. No DOM access (unit-tested in Node).

/** @typedef {import("../../server/view-schema.ts").TableView} TableView */
/** @typedef {{ label: string | null; phases: { name: string; index: number }[]; now: boolean }} PhaseGroup */

/** The colour of an ordinary die (src/dice/plan.ts `PLAIN_COLOR`): any die not of the plan's other colours. */
const PLAIN_COLOR = "normal";

/** Whether a die of `colors` may stand for the entry's colour within `plan` (src/dice/plan.ts `colorFits`). */
/**
 * @param {readonly string[]} colors
 * @param {{ color: string | null }} entry
 * @param {readonly { color: string | null }[]} plan
 */
export function colorFits(colors, entry, plan) {
  if (entry.color === null || entry.color === undefined) return true;
  if (colors.includes(entry.color)) return true;
  if (entry.color !== PLAIN_COLOR) return false;
  const others = new Set(plan.map((x) => x.color).filter((c) => c && c !== PLAIN_COLOR));
  return !colors.some((c) => others.has(c));
}

/** Dice that may stand for a plan entry: connected, and of its colour/role by binding or by their own colour. */
function diceFor(state, entry, plan) {
  return state.devices.filter((d) => {
    if (d.kind !== "die" || !d.connected) return false;
    const b = state.bindings.find((x) => x.die === d.id);
    const colors = b?.colors?.length ? b.colors : d.color ? [d.color] : [];
    if (!colorFits(colors, entry, plan)) return false;
    if (b?.roles?.length && !b.roles.includes(entry.role)) return false;
    return true;
  });
}

/**
 * Why the dice this roll needs cannot come, with the remedy, or null when they can (or none are needed, or the
 * roller types or rolls in software). `{title, remedy}`, in words for the table.
 * @param {TableView} state
 * @returns {{ title: string; remedy: string } | null}
 */
export function diceTrouble(state) {
  const p = state.pending;
  if (!p?.needed || p.mode !== "electronic" || !p.plan?.length) return null;
  const remedy =
    "Type the dice on the control page, press “Roll for me” there (software dice), or bind a die of that colour on the devices page.";
  const anyDie = state.devices.some((d) => d.kind === "die" && d.connected);
  if (!anyDie) {
    const ble = state.devices.find((d) => d.kind === "adapter");
    const why = ble && !ble.connected ? "No Bluetooth: no dice are connected." : "No dice are connected.";
    return { title: why, remedy };
  }
  const still = p.plan.map((e, i) => ({ e, missing: missingOf(p, i, e.count) })).filter((x) => x.missing > 0);
  const lacking = still.filter((x) => diceFor(state, x.e, p.plan).length === 0);
  if (lacking.length === 0) return null;
  const names = [...new Set(lacking.map((x) => (x.e.color ? `${x.e.color} ${x.e.die}` : x.e.die)))];
  return { title: `No connected die can roll the ${names.join(" and ")} this roll needs.`, remedy };
}

/** Dice still missing for plan entry `i` (from the dice placed so far). */
function missingOf(p, i, count) {
  const placed = (p.dice ?? []).filter((d) => d.entry === i).length;
  return Math.max(0, count - placed);
}

/**
 * The turn's phases as the rule set orders them, and which one the game is in.
 * @param {Pick<TableView, "ruleset" | "phase">} state
 */
export function phaseView(state) {
  // a phase name starts with a capital on the screen, whatever the rule set's list says ("wind change")
  const capital = (name) => (typeof name === "string" ? name.charAt(0).toUpperCase() + name.slice(1) : name);
  const order = (state.ruleset.phases ?? []).map(capital);
  const index = state.phase?.index ?? 0;
  return { order, index, name: capital(state.phase?.name ?? null), count: order.length, groups: phaseGroups(order, index) };
}

/**
 * The phase order as a row a table can read: phases in a row that share a prefix ("FR: move", "FR: combat") are one
 * group under that prefix; the group of the current phase lists its phases, the others stand as their prefix and
 * how many phases they hold, so a long turn (Age of Sail's 13 phases) still fits the display's header.
 * Each group: `{label, phases: [{name, index}], now}` (`label` null for a phase on its own).
 * @param {readonly string[]} order
 * @param {number} index
 * @returns {PhaseGroup[]}
 */
export function phaseGroups(order, index) {
  const prefixOf = (name) => (typeof name === "string" && name.includes(": ") ? name.slice(0, name.indexOf(": ")) : null);
  const groups = [];
  order.forEach((name, i) => {
    const prefix = prefixOf(name);
    const last = groups[groups.length - 1];
    if (prefix !== null && last && last.label === prefix) last.phases.push({ name: name.slice(prefix.length + 2), index: i });
    else groups.push({ label: prefix, phases: [{ name: prefix === null ? name : name.slice(prefix.length + 2), index: i }] });
  });
  // a prefix that heads one phase alone is part of its name ("Repair: fires, repairs, sinking")
  return groups.map((g) => {
    const whole =
      g.label !== null && g.phases.length === 1
        ? { label: null, phases: [{ name: order[g.phases[0].index], index: g.phases[0].index }] }
        : g;
    return { ...whole, now: whole.phases.some((p) => p.index === index) };
  });
}

/**
 * Whether a tap has only shown a ship: the table's action has just its first ship chosen, nothing else set and no
 * dice. The display then shows that ship's log and says how to start firing, rather than a half-built action.
 * @param {TableView} state
 */
export function onlyShown(state) {
  const p = state.pending;
  if (p?.origin !== "table" || p.dice.length > 0) return false;
  const ships = p.fields.filter((f) => f.type === "ship");
  // an optional second ship (Sole Bay's movement: the ship she follows) is not what the tap waits for
  if (ships.length < 2 || ships[1]?.optional === true) return false;
  const filled = ships.filter((f) => typeof p.action[String(f.name)] === "string");
  return filled.length === 1 && filled[0] === ships[0] && state.focus?.ship?.id === p.action[String(ships[0]?.name)];
}

/**
 * Whether a connected button pad has a button for `command` (its health lists its buttons' commands).
 * @param {Pick<TableView, "devices">} state
 * @param {string} command
 */
export function padHas(state, command) {
  return (state.devices ?? []).some((d) => d.kind === "pad" && d.connected && (d.commands ?? []).includes(command));
}
