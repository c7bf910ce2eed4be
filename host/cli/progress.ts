/**
 * Progress for long commands, shown on a terminal only (stderr, rewritten in place); when stderr is a pipe or a
 * file it says nothing, so scripts reading the JSON on stdout see no difference.
 */

/** Where progress goes; `process.stderr` in use. */
export interface ProgressStream {
  readonly isTTY?: boolean;
  write(text: string): boolean;
}

export interface Progress {
  /** Shows `label… N s` counting down to 0 each second; the returned function clears the line. */
  countdown(label: string, seconds: number): () => void;
  /** Shows `label…`; the returned function ends the line with `done` (or the given word). */
  step(label: string): (end?: string) => void;
}

const SILENT: Progress = { countdown: () => () => undefined, step: () => () => undefined };

/** Progress on `stream` if it is a terminal, else silence. */
export function terminalProgress(stream: ProgressStream = process.stderr): Progress {
  if (!stream.isTTY) return SILENT;
  return {
    countdown(label, seconds) {
      let left = Math.ceil(seconds);
      const show = () => stream.write(`\r\x1b[K${label}… ${left} s`);
      show();
      const timer = setInterval(() => {
        left = Math.max(0, left - 1);
        show();
      }, 1000);
      timer.unref();
      return () => {
        clearInterval(timer);
        stream.write("\r\x1b[K");
      };
    },
    step(label) {
      stream.write(`${label}…`);
      return (end = "done") => stream.write(` ${end}\n`);
    },
  };
}
