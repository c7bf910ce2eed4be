/**
 * What the device layer gives the host: readings (one event per physical roll, tap or press), device
 * health, and the few things the host asks of devices (identify a die, turn the dial). Every device family
 * and every emulator produces these shapes; the host knows nothing else of devices.
 */

/** The die kinds a physical die can be. A d6 face is read as a d3 or average die by the rules core. */
export type PhysicalDieKind = "d4" | "d6" | "d8" | "d10" | "d00" | "d12" | "d20";

/** Exactly one per physical roll: never for a pick-up, never twice after a reconnect. */
export interface DieRolled {
  readonly type: "die.rolled";
  readonly dieId: string;
  readonly family: "pixels" | "godice";
  readonly dieKind: PhysicalDieKind;
  /** The face value as the die reports it (1-based). */
  readonly face: number;
  /** The die's colour (from configuration, or as the die reports it), when known: the rules may ask for a colour. */
  readonly color?: string;
  /** Milliseconds since the epoch, from the host's clock when the roll was decoded. */
  readonly at: number;
}

/**
 * A roll whose result never arrived and could not be recovered (the die's message was lost or garbled in transit
 * and asking the die again did not help, or the link dropped mid-roll): the player must roll that die again.
 */
export interface DieRollLost {
  readonly type: "die.roll-lost";
  readonly dieId: string;
  readonly family: "pixels" | "godice";
  /** The die's colour, so the display can say "roll the black die again". */
  readonly color?: string;
  readonly reason: string;
  readonly at: number;
}

/** A tag placed on a reader (after debounce). `uid` is upper-case hex without separators. */
export interface TagArrived {
  readonly type: "tag.arrived";
  readonly readerId: string;
  readonly uid: string;
  /** The ship id from an NDEF Text record on the tag, when one was read. */
  readonly text?: string;
  readonly at: number;
}

/** A tag taken off a reader (after debounce). */
export interface TagLeft {
  readonly type: "tag.left";
  readonly readerId: string;
  readonly uid: string;
  readonly at: number;
}

/** A button of a HID control pad, mapped by configuration to a command (`confirm`, `undo`, `next-phase` …). */
export interface ButtonPressed {
  readonly type: "button.pressed";
  readonly deviceId: string;
  readonly command: string;
  readonly at: number;
}

/**
 * A ship's base seen on the table (a camera, the demo's emulated table): where it stands and where its bow points, in
 * the table coordinates of docs/reference/request-result.md (mm from the playing area's corner, `x` east, `y` north; heading in degrees
 * clockwise from north), and how sure the source is.
 */
export interface ShipSeen {
  readonly type: "ship.seen";
  /** The source that saw it (a camera, the emulated table). */
  readonly sourceId: string;
  /** The ship's id (the source maps its markers to ships). */
  readonly ship: string;
  readonly x: number;
  readonly y: number;
  readonly heading: number;
  /** How far off the position may be, in mm (0 for a model placed by hand on the emulated table). */
  readonly uncertainty: number;
  /**
   * How long (ms) the sighting holds if the ship is not seen again (a camera's frame: a few seconds); absent: until
   * the ship is moved (the emulated table, where nothing moves unless moved).
   */
  readonly holdsFor?: number;
  readonly at: number;
}

/**
 * A ship marker that came into a camera's view (docs/reference/camera.md): seen in a frame after a second or more out
 * of view, wherever it lies. During set-up it gives a ship her marker, as a tag read gives a ship her tag.
 */
export interface MarkerShown {
  readonly type: "marker.shown";
  /** The source that saw it (`camera`). */
  readonly sourceId: string;
  /** The marker's id (AprilTag 36h11, ships from 10). */
  readonly marker: number;
  readonly at: number;
}

export type Reading = DieRolled | DieRollLost | TagArrived | TagLeft | ButtonPressed | ShipSeen | MarkerShown;

/** The health of one device, as `/devices` shows it. */
export interface DeviceHealth {
  readonly id: string;
  readonly kind: "die" | "reader" | "pad" | "dial" | "adapter" | "positions";
  /** `pixels`, `godice`, `pn532`, `mfrc522`, `hid-wedge`, `hid-pad`, `firmata`, `bridge`, `ble` … */
  readonly family: string;
  readonly connected: boolean;
  /** A short word for the display: `connected`, `reconnecting`, `missing`, `unavailable` … */
  readonly status: string;
  /** A sentence when something is wrong: "Bluetooth unavailable: EAFNOSUPPORT …". */
  readonly message?: string;
  readonly lastSeen?: number;
  /** Battery percent, when the device reports one. */
  readonly battery?: number;
  readonly rssi?: number;
  readonly emulated: boolean;
  /** For dice: the physical kind and colour, when known from configuration. */
  readonly dieKind?: PhysicalDieKind;
  readonly color?: string;
  /** For button pads: the commands its buttons are mapped to (the host says which button to press). */
  readonly commands?: readonly string[];
  /**
   * The name players read (given by the host, never by a driver): a person's, the table file's, else its family and
   * number in words (host/devices.ts).
   */
  readonly name?: string;
}

/**
 * What a die is asked to show (docs/devices-dice.md, "Dice that answer back"): its part of a resolved roll as the
 * rules read it (`hit`, `miss`, or `counted` when the rules give that die no hit or miss), `glow` while the table
 * waits for that die ("roll the glowing die"), one `low-battery` blink, or `off`.
 */
export type DieLight = "hit" | "miss" | "counted" | "glow" | "low-battery" | "off";

/** Unsubscribes a listener. */
export type Unsubscribe = () => void;

/**
 * A running group of devices (the dice of one family, the readers, the pad). `start` never rejects because
 * hardware is missing: that is a health status with a message, and the rest of the table keeps running.
 */
export interface DeviceSource {
  start(): Promise<void>;
  stop(): Promise<void>;
  onReading(listener: (reading: Reading) => void): Unsubscribe;
  onHealth(listener: (health: DeviceHealth) => void): Unsubscribe;
  health(): DeviceHealth[];
  /** Blinks a die or reader so a person can find it; false when the device cannot. */
  identify?(deviceId: string): Promise<boolean>;
  /** Shows a light on a die; false when the die cannot (not connected, advert-only, not this source's). */
  light?(dieId: string, light: DieLight): Promise<boolean>;
}

/**
 * A source of ship positions the host is fed (the /camera page, the demo's emulated table): `report` what is seen in one
 * look at the table, checked whole; the host hears `ship.seen` readings. Implemented by `devices/positions/feed.ts`.
 */
export interface PositionSource extends DeviceSource {
  /** Ships seen in one look; a bad entry refuses the whole report (throws, naming it). Returns how many were reported. */
  report(seen: readonly unknown[]): number;
}

/** Where the dial should point, in the wind system of the rule set. */
export type DialDirection =
  | { readonly system: "compass8"; readonly fromDegrees: number }
  | { readonly system: "compass16"; readonly fromDegrees: number }
  | { readonly system: "hex6"; readonly fromDegrees: number }
  | { readonly system: "edge4"; readonly fromDegrees: number };

/** The servo wind dial. After a reconnect it re-syncs itself to the last direction it was given. */
export interface WindDial {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Turns (smoothly) to show the wind. Resolves once the move is commanded. */
  show(direction: DialDirection): Promise<void>;
  /** The servo angle last commanded, in degrees, or null before the first move. */
  angle(): number | null;
  health(): DeviceHealth;
  onHealth(listener: (health: DeviceHealth) => void): Unsubscribe;
}
