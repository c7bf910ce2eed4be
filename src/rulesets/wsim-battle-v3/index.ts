import { notYetImplemented } from "../not-yet.ts";

export const wsimBattleV3 = notYetImplemented(
  "wsim-battle-v3",
  "WS&IM battle rules v3",
  "Optional battle rules (v3) for Wooden Ships & Iron Men",
);
