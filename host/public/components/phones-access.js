// Phones on /devices: whether phones on the same network may join the table, opened and closed here (kept across
// restarts), with plainly what it changes; and, while they may, the pairing QR code (the control page with the
// table's token). Loopback only is the default.
import { useEffect, useState } from "preact/hooks";
import { html } from "../lib/html.js";
import { api } from "../lib/live.js";
import { FieldError, useSend } from "../lib/use-send.js";

export function Phones() {
  const [phones, setPhones] = useState(/** @type {any} */ (null));
  const [pair, setPair] = useState(/** @type {any} */ (null));
  const { send, refusal } = useSend();
  const load = async () => {
    const [p, q] = await Promise.all([api("GET", "/api/phones"), api("GET", "/api/pairing")]);
    setPhones(p);
    setPair(q);
  };
  useEffect(() => {
    load();
  }, []);
  if (!phones) return null;
  if (!phones.ok) return html`<section class="panel pairing"><h2>Phones</h2><p>${phones.error.message}</p></section>`;
  const toggle = async () => {
    const r = await send("PUT", "/api/phones", { open: !phones.open });
    if (r.ok) await load();
  };
  const qr = phones.open && pair?.ok && pair.reachable;
  return html`<section class="panel pairing phones" aria-labelledby="phones-h">
    <h2 id="phones-h">Phones</h2>
    ${
      phones.byCommandLine
        ? html`<p><b>Phones on the network can join:</b> the table was started listening beyond this machine (<code>--host</code>). To close it, restart it without that option.</p>`
        : phones.open
          ? html`<p><b>Phones on the same network can join</b> at ${phones.addresses.join(", ")}. They see the table; to change anything they need the table's token, which the code below carries.</p>
            <p class="muted">Closing stops listening on the network and cuts every phone off at once; only this machine can then reach the table.</p>`
          : html`<p><b>Only this machine can reach the table</b> (the default).</p>
            <p class="muted">Letting phones join makes the table listen on this machine's network address too (same port), so anyone on the same network can see it; to change anything a phone needs the table's token, which the pairing code gives. It stays open after a restart until you close it here.</p>`
    }
    ${
      phones.byCommandLine
        ? null
        : html`<div class="buttons"><button type="button" id="phones-toggle" class=${phones.open ? "secondary" : ""} onClick=${toggle}>
            ${phones.open ? "Close to phones" : "Let phones join"}</button></div>`
    }
    <${FieldError} id="phones-error" error=${refusal?.message} />
    ${
      qr
        ? html`<div class="pair-row"><img class="qr" alt="QR code of the control page with this table's token" src=${`data:image/svg+xml;charset=utf-8,${encodeURIComponent(pair.svg)}`} />
          <p class="pairing-text">Scan with the phone's camera: it opens the control page, paired with this table.</p></div>`
        : null
    }
  </section>`;
}
