// What the display says aloud: each new result, each undo, and the end of the game, in a polite live region (for a
// screen reader) and, when speech is switched on from /control, through the browser's speech. It keeps its own state,
// so a sentence to say redraws this region alone, not the display.
import { useEffect, useRef, useState } from "preact/hooks";
import { html } from "../lib/html.js";

/** Speaks each new result (and undo) when speech is switched on from /control. */
function useSpeech(enabled, text) {
  useEffect(() => {
    if (!enabled || !text || !("speechSynthesis" in window)) return;
    speechSynthesis.cancel();
    speechSynthesis.speak(new SpeechSynthesisUtterance(text));
  }, [enabled, text]);
}

/** The live region: `state` the view, `speech` whether to speak too. Only what comes after the page opened is said. */
export function Announcer({ state, speech }) {
  const [announce, setAnnounce] = useState("");
  // the result on screen when this page first saw the table (undefined until then): only later ones are announced
  const lastSeq = useRef(/** @type {number | null | undefined} */ (undefined));
  const last = state.last;
  const seq = last?.seq ?? null;
  useEffect(() => {
    if (lastSeq.current !== undefined && seq !== null && seq !== lastSeq.current && last) {
      if (seq > (lastSeq.current ?? 0)) setAnnounce(`#${last.number ?? seq}: ${last.description}`);
    }
    lastSeq.current = seq;
  }, [seq]);
  const undone = state.lastUndo ?? null;
  useEffect(() => {
    if (undone) setAnnounce(`Undone: ${undone.description}`);
  }, [undone?.seq, undone?.at]);
  // the end of the game is said once when it comes (not on a page opened after it)
  const endSaid = useRef(/** @type {string | null | undefined} */ (undefined));
  const endText = state.ended ? `${state.ended.headline}. ${state.ended.reason}` : null;
  useEffect(() => {
    if (endSaid.current !== undefined && endText && endText !== endSaid.current) setAnnounce(endText);
    endSaid.current = endText ?? null;
  }, [endText]);
  useSpeech(speech, announce);
  return html`<div class="sr-only" aria-live="polite" aria-atomic="true" id="announce">${announce}</div>`;
}
