/**
 * The host's logger: readable lines on a terminal (pino-pretty, loaded only then), JSON lines when stderr is a
 * pipe or a file, or with `--log-json`, for a service manager's journal or a log shipper.
 */
import pino, { type Logger } from "pino";

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const isLogLevel = (s: string): s is LogLevel => (LOG_LEVELS as readonly string[]).includes(s);

export interface LoggerOptions {
  readonly level: LogLevel;
  /** JSON lines even on a terminal. */
  readonly json: boolean;
  /** Whether stderr is a terminal (default: ask it). */
  readonly tty?: boolean;
}

/** A logger writing to stderr (fd 2), pretty or JSON as above. */
export async function makeLogger(options: LoggerOptions): Promise<Logger> {
  const pretty = !options.json && (options.tty ?? process.stderr.isTTY === true);
  if (!pretty) return pino({ level: options.level }, pino.destination(2));
  const { default: prettyStream } = await import("pino-pretty");
  return pino(
    { level: options.level },
    prettyStream({ destination: 2, colorize: true, translateTime: "HH:MM:ss", ignore: "pid,hostname", singleLine: true, sync: true }),
  );
}
