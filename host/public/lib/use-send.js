// A panel's own line to the API, so that a refusal is shown beside the fields that caused it (not at the top of a
// long page, out of sight on a phone): `send` calls the API and keeps the refusal; `<FieldError>` shows it where
// the panel puts it and scrolls it into view.
import { useEffect, useRef, useState } from "preact/hooks";
import { html } from "./html.js";
import { api } from "./live.js";

/**
 * `{send, error, setError}`: `send(method, url, body)` resolves with the API's reply and keeps its error (cleared by
 * the next success); `words(error)` may put the host's message in the players' words for this panel.
 */
export function useSend(words = (e) => e.message) {
  const [error, setError] = useState("");
  const send = async (method, url, body) => {
    const r = await api(method, url, body);
    setError(r.ok === false ? words(r.error) : "");
    return r;
  };
  return { send, error, setError };
}

/** The panel's error, beside its fields, scrolled into view when it appears or changes. */
export function FieldError({ id, error }) {
  const ref = useRef(null);
  useEffect(() => {
    if (error) ref.current?.scrollIntoView({ block: "nearest" });
  }, [error]);
  return html`<p id=${id} ref=${ref} class="field-error" role="alert">${error}</p>`;
}
