/**
 * Ship logs from the text's worked examples (3.0 Gunnery Example #1: Mikasa firing on Borodino), shipped as
 * data files; each file names which values are the text's and which are illustrative.
 */
import { type Static, Type } from "@sinclair/typebox";
import { parseWith } from "../../../game/schema.ts";
import { ShipSchema } from "../ship.ts";
import borodino from "./borodino.json" with { type: "json" };
import mikasa from "./mikasa.json" with { type: "json" };

/** An example log file: where its numbers come from, and the ship. */
export const ExampleLogSchema = Type.Object({ source: Type.String(), ship: ShipSchema }, { additionalProperties: false });
export type ExampleLog = Static<typeof ExampleLogSchema>;

function load(raw: unknown, name: string): ExampleLog {
  const parsed = parseWith(ExampleLogSchema, raw, "");
  if (!parsed.ok) throw new Error(`${name} is invalid: ${parsed.error.path} ${parsed.error.message}`);
  return parsed.value;
}

export const MIKASA: ExampleLog = load(mikasa, "mikasa.json");
export const BORODINO: ExampleLog = load(borodino, "borodino.json");
