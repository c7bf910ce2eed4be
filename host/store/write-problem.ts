/**
 * Why the game file cannot be written, in words for the table's display (issue 27: nothing is shown that was not
 * stored): the store's error sorted into what happened and what a person does about it. The session says it as
 * "The game file cannot be written: the disk is full. Nothing is lost; free space and press confirm."
 */
import { basename } from "node:path";

/** What went wrong with a write, and what to do about it. */
export interface WriteProblem {
  /** "the disk is full", "it is read-only" … */
  readonly reason: string;
  /** "free space", "make it writable" … */
  readonly remedy: string;
  /** The store's own message, for the log. */
  readonly detail: string;
}

/** The game file at its path is no longer the one the store opened. */
export class FileSwapped extends Error {
  readonly how: "deleted" | "replaced";
  constructor(file: string, how: "deleted" | "replaced") {
    super(`the file was ${how} while the table was running; the game so far is copied beside it (${basename(file)}.rescued-…).`);
    this.name = "FileSwapped";
    this.how = how;
  }
}

const causeCode = (e: unknown): string => {
  for (let c: unknown = e; c; c = (c as { cause?: unknown }).cause) {
    const code = (c as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return "";
};

/** The problem a failed write (any error the store threw) means for the players. */
export function writeProblemOf(e: unknown): WriteProblem {
  const detail = e instanceof Error ? e.message : String(e);
  let swapped: unknown = e;
  while (swapped && !(swapped instanceof FileSwapped)) swapped = (swapped as { cause?: unknown }).cause;
  if (swapped instanceof FileSwapped) {
    return {
      reason: `it was ${swapped.how} while the table was running`,
      remedy: "stop the host, put the game file back (a copy of the game so far is kept beside it) and start it again",
      detail,
    };
  }
  const code = causeCode(e);
  if (code === "SQLITE_FULL" || code === "ENOSPC" || /SQLITE_IOERR/.test(code))
    return code.startsWith("SQLITE_IOERR")
      ? { reason: "the disk did not take the write", remedy: "check the disk (it may be full or failing)", detail }
      : { reason: "the disk is full", remedy: "free space", detail };
  if (code.startsWith("SQLITE_READONLY") || code === "SQLITE_PERM" || code === "EROFS" || code === "EACCES")
    return { reason: "it is read-only", remedy: "make it writable", detail };
  return { reason: detail.replace(/\.$/, ""), remedy: "fix what the message says", detail };
}
