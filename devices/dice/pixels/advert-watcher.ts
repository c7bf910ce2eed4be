/**
 * Advert-only Pixels mode: rolls read from the manufacturer data the die broadcasts while NOT connected (dice-ble
 * §1.2), so any number of dice work without the adapter's link limit. The die rewrites the payload on every
 * roll-state or face change and repeats it every 187.5 ms; the roll gate turns that stream into one event per
 * roll (repeats are duplicates). No roll counter exists in the payload, so two rolls landing on the same face
 * with every in-between advert missed look like one (documented limit).
 */
import type { BleDiscovery } from "../../ble/seam.ts";
import type { DieTracker } from "../die-tracker.ts";
import { decodePixelsAdvert } from "./advert.ts";
import { crookedMeansRolled, faceFromIndex, pixelsPhysicalKind } from "./faces.ts";
import { PIXELS_SERVICE_DATA_UUID } from "./ids.ts";

export class PixelsAdvertWatcher {
  #identified = false;

  constructor(private readonly tracker: DieTracker) {}

  start(): void {
    if (!this.#identified) this.tracker.setLink("listening", false, "Advert-only: waiting for the die's first advertisement");
  }

  offer(d: BleDiscovery): void {
    const ad = d.advertisement;
    if (!ad.manufacturerData) return;
    const serviceData = ad.serviceData.find((s) => s.uuid === PIXELS_SERVICE_DATA_UUID)?.data;
    const decoded = decodePixelsAdvert(ad.manufacturerData, serviceData);
    if (!decoded.ok) {
      this.tracker.rejected(ad.manufacturerData, decoded.reason);
      return;
    }
    const a = decoded.value;
    this.tracker.seen(ad.rssi);
    if (!this.#identified) {
      this.#identified = true;
      this.tracker.identified(pixelsPhysicalKind(a.dieType), {
        dieType: a.dieType,
        pixelId: a.pixelId,
        colorway: a.colorway,
        advertOnly: true,
      });
      this.tracker.setLink("listening", true);
    }
    this.tracker.battery(a.batteryLevel, a.charging);
    const state = a.rollState === "crooked" && crookedMeansRolled(a.ledCount, a.buildTimestamp) ? "rolled" : a.rollState;
    const kind = pixelsPhysicalKind(a.dieType) ?? this.tracker.kind();
    this.tracker.observe({ state, face: faceFromIndex(kind, a.dieType, a.faceIndex, a.buildTimestamp), via: "advert" });
  }
}
