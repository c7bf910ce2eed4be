// What /devices says of each device in the words of the person setting the table up: what it is ("white Pixels
// die"), whether it needs attention, the problem as a sentence and what to do about it. The driver's own message
// (a port name, an errno) is kept apart as the technical detail, never the headline.

/** At or below this charge a battery is low (the display says so once, too: host/device-notices.ts). */
export const LOW_BATTERY = 15;

const FAMILY = {
  pixels: "Pixels",
  godice: "GoDice",
  pn532: "PN532",
  mfrc522: "MFRC522",
  "hid-wedge": "keyboard",
  "hid-pad": "USB",
  firmata: "Firmata",
  bridge: "bridge board",
  ble: "",
  "emulated-table": "",
};

/** What the device is, in words: "white Pixels die", "PN532 NFC reader", "button box". */
export function deviceKind(d) {
  const family = FAMILY[d.family] ?? d.family;
  switch (d.kind) {
    case "die":
      return [d.color, family, "die"].filter(Boolean).join(" ");
    case "reader":
      return [family, "NFC reader"].filter(Boolean).join(" ");
    case "pad":
      return "button box";
    case "dial":
      return "wind dial";
    case "adapter":
      return "Bluetooth adapter";
    case "positions":
      return d.family === "emulated-table"
        ? "the demo's table of models"
        : d.id === "camera"
          ? "overhead camera"
          : "source of ship positions";
    default:
      return d.kind;
  }
}

/** The status word as a person says it. */
export function statusWords(d) {
  const words = {
    connected: "connected",
    ready: "ready",
    listening: "listening",
    connecting: "connecting…",
    searching: "searching…",
    reconnecting: "reconnecting…",
    missing: "not found",
    unavailable: "cannot run here",
    unresponsive: "not answering",
    stopped: "stopped",
  };
  return words[d.status] ?? d.status;
}

/** What to do when a device of this kind is not there, by kind; `emulated` devices are plugged back in below. */
function remedyFor(d) {
  if (d.emulated) return "It is emulated: press Plug in under Emulated devices.";
  switch (d.kind) {
    case "die":
      return "Wake it (roll it, or take it off its charger) and keep it within a few metres of the table; it reconnects by itself. Meanwhile type its rolls on the control page.";
    case "reader":
      return "Check its USB cable and that the table file names its port. Meanwhile choose the ships on the control page.";
    case "pad":
      return "Check its USB cable. Meanwhile confirm, undo and go to the next phase on the control page.";
    case "dial":
      return "Check its USB cable. The wind is still shown on the display.";
    case "adapter":
      return "Check that Bluetooth is switched on (rfkill) and the adapter plugged in. Meanwhile type rolls on the control page, or switch to software dice.";
    case "positions":
      return "Check the camera. Meanwhile measure ranges on the table and give them on the control page.";
    default:
      return "Check its cable.";
  }
}

/** The problem in words, by status. */
function problemWords(d) {
  switch (d.status) {
    case "connecting":
    case "searching":
    case "listening":
    case "reconnecting":
      return d.kind === "die" ? "Not connected yet: looking for it." : "Not connected yet.";
    case "missing":
      return d.kind === "die"
        ? "Not found: it may be asleep, flat or out of range."
        : "Not found: it is not plugged in, or its port cannot be opened.";
    case "unavailable":
      return "Cannot run on this computer: its driver is missing.";
    case "unresponsive":
      return "Connected but not answering.";
    case "stopped":
      return "Stopped.";
    default:
      return `Not connected (${d.status}).`;
  }
}

/**
 * The device's problem, if it has one: `{problem, remedy, detail?}` (detail: the driver's own message, for whoever
 * knows the hardware). A device that is there and charged has none.
 */
export function problemOf(d) {
  const detail = d.message ? { detail: d.message } : {};
  if (!d.connected || d.status === "unresponsive") {
    return {
      problem: problemWords(d),
      remedy: d.status === "unavailable" && !d.emulated ? "See the hardware page of the docs for what to install." : remedyFor(d),
      ...detail,
    };
  }
  if (d.battery !== undefined && d.battery <= LOW_BATTERY)
    return { problem: `Battery low (${d.battery} %).`, remedy: "Charge it after this game, or swap it for another now.", ...detail };
  return null;
}

/** The line at the top of /devices: "All 14 devices are ready." or "2 devices need attention". */
export function summaryLine(devices) {
  const n = devices.filter((d) => problemOf(d)).length;
  if (devices.length === 0) return "No devices: this table is set up without hardware.";
  if (n === 0) return `All ${devices.length} devices are ready.`;
  return n === 1 ? "1 device needs attention" : `${n} devices need attention`;
}
