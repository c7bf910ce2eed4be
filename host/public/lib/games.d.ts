/** Types of the games pages' pure helpers in games.js (for the unit tests). */
export function statusWord(game: { status: string; open: boolean }): string;
export function lastPlayed(at: number, now?: number): string;
export function rulesetTitle(rulesets: readonly { id: string; title: string }[] | null, id: string): string;
export function scenarioWord(id: string | null): string;
export function arrangeGames<G extends { status: string; open: boolean; updatedAt: number }>(
  games: readonly G[],
): { shown: G[]; archived: G[] };
export function fleetErrorAt(path: string): { fleet: number; ship: number | null; field: string } | null;
export function withoutPath(message: string, path: string): string;
export function scenarioTitle(
  rulesets: readonly { id: string; scenarios: { id: string; title: string }[] }[] | null,
  game: { ruleset: string; scenario: string | null },
): string;
export function cellValue(text: string): unknown;
export function shipOfForm(
  fields: readonly { name: string; label: string; type: string; values?: readonly (string | number)[]; optional?: boolean }[],
  values: Record<string, unknown>,
): { ship: Record<string, unknown>; problems: Record<string, string> };
export function fleetsOf(
  ships: readonly ({ side: string } & Record<string, unknown>)[],
): { side: string; ships: Record<string, unknown>[] }[];
export function fileName(title: string): string;
export function idFromName(name: string, taken?: readonly string[]): string;
export function settingLabel(name: string): string;
export function labelled(message: string, fields: readonly { name: string; label: string }[]): string;
