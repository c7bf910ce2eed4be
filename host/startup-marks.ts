/**
 * Where a start's time goes: named moments of `quarterdeck start`, each with the wall time since the process began
 * (`performance.now()`) and the CPU time (user + sys) the process had spent by then. With
 * `QUARTERDECK_STARTUP_MARKS=1` the host writes them to stderr as one line, `startup-marks {JSON}`, once the first
 * `/api/health` has answered and again once the devices are up; `npm run bench -- startup` reads them
 * (bench/startup.bench.ts). Otherwise marking costs one array push.
 */

export interface StartupMark {
  readonly name: string;
  /** ms since the process began. */
  readonly wall: number;
  /** CPU ms (user + sys) spent by then. */
  readonly cpu: number;
}

const marks: StartupMark[] = [];
const printed = new Set<string>();

/** Notes that the start has reached `name`. */
export function markStartup(name: string): void {
  const u = process.cpuUsage();
  marks.push({ name, wall: performance.now(), cpu: (u.user + u.system) / 1000 });
}

/** The marks so far, in order. */
export function startupMarks(): readonly StartupMark[] {
  return marks;
}

/** Marks `name` and, when asked for by the environment, writes every mark so far to stderr (once per name). */
export function reportStartup(name: string): void {
  if (printed.has(name)) return;
  printed.add(name);
  markStartup(name);
  if (process.env.QUARTERDECK_STARTUP_MARKS === "1") process.stderr.write(`startup-marks ${JSON.stringify(marks)}\n`);
}
