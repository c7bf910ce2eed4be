/**
 * `quarterdeck data import-sail FILE [--out FILE]` (docs/reference/cli.md): writes a wsim-battle-v3 data file from a club's
 * own copy of BSD sail(6)'s `globals.c` (checked by loading it back the way `--data` will).
 */
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { importSailGlobals } from "../../import/sail-globals.ts";
import { badInput, type CommandResult, printJson } from "../io.ts";

export const DATA_USAGE = `quarterdeck data import-sail FILE [--out FILE]
  Reads your own copy of BSD sail(6)'s globals.c and writes a wsim-battle-v3 data file in the base game's model
  (Hit Determination and rake tables, modifiers by gun band, Hit Tables, melee table), carrying the file's BSD
  notice and source in its header. Without --out the data file is printed. Use it with --data FILE.
`;

/** globals.c is ~22 KB; refuse anything far larger before reading it. */
const MAX_BYTES = 1_000_000;

export function runData(args: readonly string[], values: { out?: string | undefined }): CommandResult {
  const [sub, file, ...extra] = args;
  if (sub !== "import-sail") {
    return badInput({ code: "input.invalid", message: `Unknown data command "${sub ?? ""}".\n${DATA_USAGE}`, path: "argv[1]" });
  }
  if (!file || extra.length > 0) {
    return badInput({ code: "input.invalid", message: `data import-sail takes one globals.c file.\n${DATA_USAGE}`, path: "argv[2]" });
  }
  let text: string;
  try {
    if (statSync(file).size > MAX_BYTES) {
      return badInput({ code: "input.invalid", message: `${file} is larger than ${MAX_BYTES} bytes: not a globals.c.`, path: file });
    }
    text = readFileSync(file, "utf8");
  } catch (e) {
    return badInput({
      code: "input.invalid",
      message: `Cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}.`,
      path: file,
    });
  }
  const imported = importSailGlobals(text, file);
  if (!imported.ok) return badInput(imported.error);
  if (values.out === undefined) return { code: 0, stdout: imported.value.text };
  try {
    writeFileSync(values.out, imported.value.text);
  } catch (e) {
    return badInput({
      code: "input.invalid",
      message: `Cannot write ${values.out}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}.`,
      path: "--out",
    });
  }
  return { code: 0, stdout: printJson({ ok: true, written: values.out, from: file, tables: imported.value.tables }) };
}
