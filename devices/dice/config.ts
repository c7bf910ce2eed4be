/**
 * Configuration of one electronic die, as the table's YAML embeds it (docs/reference/table-file.md): which physical die (BLE name
 * or address), which id the table uses for it (roles bind to ids), and what it is (kind, colour, GoDice shell).
 */
import { type Static, Type } from "@sinclair/typebox";
import { GODICE_SHELLS } from "./godice/shells.ts";

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v)));

export const PHYSICAL_DIE_KINDS = ["d4", "d6", "d8", "d10", "d00", "d12", "d20"] as const;

export const DiceDeviceConfigSchema = Type.Object(
  {
    family: literals(["pixels", "godice"] as const),
    id: Type.String({ minLength: 1, description: "The die's id on the table; dice roles and /api/sim/roll use it." }),
    name: Type.Optional(Type.String({ minLength: 1, description: "Advertised BLE name, e.g. GoDice_CE03C9_B_v04 (exact match)." })),
    address: Type.Optional(Type.String({ minLength: 1, description: "BLE address aa:bb:cc:dd:ee:ff, or noble's peripheral id." })),
    color: Type.Optional(Type.String({ minLength: 1, description: "The die's colour as the rules name it (black, white, red …)." })),
    kind: Type.Optional(literals(PHYSICAL_DIE_KINDS)),
    shell: Type.Optional(literals(GODICE_SHELLS)),
    advertOnly: Type.Optional(Type.Boolean({ description: "Pixels only: read rolls from adverts, never connect." })),
  },
  { additionalProperties: false },
);

export type DiceDeviceConfig = Static<typeof DiceDeviceConfigSchema>;

/** The table file's `devices.dice`: the list of dice. */
export const DiceListSchema = Type.Array(DiceDeviceConfigSchema);

/** Checks the schema cannot express; each problem names the index path (`[2].shell`). */
export function diceConfigProblems(configs: readonly DiceDeviceConfig[]): Array<{ path: string; message: string }> {
  const problems: Array<{ path: string; message: string }> = [];
  const seen = new Set<string>();
  configs.forEach((c, i) => {
    if (seen.has(c.id)) problems.push({ path: `[${i}].id`, message: `die id "${c.id}" is used twice` });
    seen.add(c.id);
    if (!c.name && !c.address) problems.push({ path: `[${i}]`, message: `die "${c.id}" needs a name or an address to be found` });
    if (c.shell && c.family !== "godice") problems.push({ path: `[${i}].shell`, message: "shell is for GoDice only" });
    if (c.advertOnly && c.family !== "pixels") problems.push({ path: `[${i}].advertOnly`, message: "advert-only mode is for Pixels only" });
    if (c.family === "godice" && c.kind && c.shell && c.kind !== (c.shell === "d10x" ? "d00" : c.shell)) {
      problems.push({ path: `[${i}].kind`, message: `kind ${c.kind} does not match shell ${c.shell}` });
    }
  });
  return problems;
}

/** Normalises an address for comparison: lowercase, no separators. */
export const addressKey = (a: string): string => a.replace(/[:-]/g, "").toLowerCase();
