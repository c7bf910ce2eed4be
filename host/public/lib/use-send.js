// A panel's own line to the API, so that a refusal is shown beside the fields that caused it (not at the top of a
// long page, out of sight on a phone): `send` calls the API and keeps the refusal; `<FieldError>` shows it where
// the panel puts it and scrolls it into view.
import { useEffect, useRef, useState } from "preact/hooks";
import { html } from "./html.js";
import { api } from "./live.js";

/**
 * `{send, refusal, setRefusal}`: `send(method, url, body)` resolves with the API's reply and keeps its refusal
 * (`{code, message, path}`, cleared by the next success); `words(error)` may put the host's message in the players'
 * words for this panel.
 */
export function useSend(words = (e) => e.message) {
  const [refusal, setRefusal] = useState(/** @type {{ code: string; message: string; path: string } | null} */ (null));
  const send = async (method, url, body) => {
    const r = await api(method, url, body);
    setRefusal(r.ok === false ? { ...r.error, message: words(r.error) } : null);
    return r;
  };
  return { send, refusal, setRefusal };
}

/** An error beside the field or buttons it concerns, scrolled into view when it appears or changes (unless `quiet`). */
export function FieldError({ id, error, quiet = false }) {
  const ref = useRef(/** @type {HTMLElement | null} */ (null));
  useEffect(() => {
    if (error && !quiet) ref.current?.scrollIntoView({ block: "nearest" });
  }, [error]);
  return html`<p id=${id} ref=${ref} class="field-error" role="alert">${error ?? ""}</p>`;
}

/** A panel (`part`, given `state` and `send`) with its own refusals shown right under it. */
export function WithRefusals({ id, part: Part, state }) {
  const { send, refusal } = useSend();
  return html`<div class="own"><${Part} state=${state} send=${send} /><${FieldError} id=${id} error=${refusal?.message} /></div>`;
}
