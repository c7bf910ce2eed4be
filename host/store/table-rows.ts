/**
 * What the game file keeps of the table besides its games: the names people gave its devices, the devices added from
 * /devices, and the table's settings — each a small table read and written whole (the store makes each write durable).
 */
import type Database from "better-sqlite3";

/** A device added from /devices: its family (`dice`, `readers`, `pad`, `dial`) and its entry there. */
export interface StoredDevice {
  readonly id: string;
  readonly family: string;
  readonly config: Record<string, unknown>;
}

/** The friendly names people gave the table's devices (device id → name). */
export function deviceNames(db: Database.Database): Record<string, string> {
  const rows = db.prepare("SELECT device_id, name FROM device_names").all() as { device_id: string; name: string }[];
  return Object.fromEntries(rows.map((r) => [r.device_id, r.name]));
}

/** Names a device (an empty name takes the name away). */
export function setDeviceName(db: Database.Database, id: string, name: string): void {
  if (name === "") db.prepare("DELETE FROM device_names WHERE device_id = ?").run(id);
  else
    db.prepare("INSERT INTO device_names (device_id, name) VALUES (?, ?) ON CONFLICT(device_id) DO UPDATE SET name = excluded.name").run(
      id,
      name,
    );
}

/** The devices added from /devices, oldest first (their configuration as the table file would give it). */
export function addedDevices(db: Database.Database): StoredDevice[] {
  const rows = db.prepare("SELECT device_id, family, config FROM table_devices ORDER BY added_at, rowid").all() as {
    device_id: string;
    family: string;
    config: string;
  }[];
  return rows.map((r) => ({ id: r.device_id, family: r.family, config: JSON.parse(r.config) as Record<string, unknown> }));
}

/** Keeps a device added from /devices (replacing the one of the same id, which keeps its place). */
export function putDevice(db: Database.Database, d: StoredDevice, now: number): void {
  db.prepare(
    "INSERT INTO table_devices (device_id, family, config, added_at) VALUES (?, ?, ?, ?) ON CONFLICT(device_id) DO UPDATE SET family = excluded.family, config = excluded.config",
  ).run(d.id, d.family, JSON.stringify(d.config), now);
}

/** Forgets a device added from /devices; false when there was none of that id. */
export const removeDevice = (db: Database.Database, id: string): boolean =>
  db.prepare("DELETE FROM table_devices WHERE device_id = ?").run(id).changes > 0;

/**
 * Each connection's read of a setting, prepared once: the dice's lights ask whether they are on after every change
 * and every device-health report, right after the die's path (preparing it each time was ~6 % of the host's work for a roll).
 */
const settingReads = new WeakMap<Database.Database, Database.Statement>();

/** A setting of the table (null when never set). */
export function setting(db: Database.Database, key: string): string | null {
  let read = settingReads.get(db);
  if (!read) {
    read = db.prepare("SELECT value FROM table_settings WHERE key = ?");
    settingReads.set(db, read);
  }
  const row = read.get(key) as { value: string } | undefined;
  return row?.value ?? null;
}

/** Sets a setting of the table (null takes it away). */
export function setSetting(db: Database.Database, key: string, value: string | null): void {
  if (value === null) db.prepare("DELETE FROM table_settings WHERE key = ?").run(key);
  else
    db.prepare("INSERT INTO table_settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run(
      key,
      value,
    );
}
