/**
 * The positions family (`devices.positions`): a source of ship positions the host is fed, such as the /camera page,
 * which sends what it sees over the live socket. The family builds the feed; the composition root hands it to
 * whatever reports positions (`TableDevices.positions`).
 */
import { type Static, Type } from "@sinclair/typebox";
import type { DeviceFamily } from "../family.ts";
import { PositionFeed } from "./feed.ts";

export const PositionsConfigSchema = Type.Object(
  {
    /** The id on /devices (default `camera`). */
    id: Type.Optional(Type.String({ minLength: 1, maxLength: 40, pattern: "^[A-Za-z0-9_-]+$" })),
    /** Seconds a ship's sighting holds without being seen again (default 10): after that its position is stale. */
    holdsFor: Type.Optional(Type.Number({ minimum: 1, maximum: 3600 })),
  },
  { additionalProperties: false },
);
export type PositionsConfig = Static<typeof PositionsConfigSchema>;

/** The default: a sighting older than this (ms) is stale, the ship may have moved unseen. */
export const DEFAULT_HOLDS_FOR_MS = 10_000;

export const family: DeviceFamily<PositionsConfig> = {
  key: "positions",
  schema: PositionsConfigSchema,
  create: (config) => {
    const feed = new PositionFeed({
      id: config.id ?? "camera",
      family: "camera",
      emulated: false,
      holdsFor: (config.holdsFor ?? DEFAULT_HOLDS_FOR_MS / 1000) * 1000,
    });
    return { sources: [feed], positions: feed };
  },
};
