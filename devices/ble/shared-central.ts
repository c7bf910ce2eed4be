/**
 * One Bluetooth central shared by several users (the dice of the table, discovery on /devices): scanning is counted
 * (the radio scans while anyone wants it and stops when the last one is done) and `close` of a user does nothing
 * — the owner closes the central itself. One adapter can be opened by one noble only (a UART dongle, the HCI
 * user channel), so the table keeps one central per adapter for its whole life.
 */
import type { BleCentral, BleScanOptions } from "./seam.ts";

/** A user's view of `central`: counted scans, no close. */
export function sharedCentral(central: BleCentral): BleCentral & { readonly scanners: () => number } {
  let scanners = 0;
  return {
    state: () => central.state(),
    onStateChange: (l) => central.onStateChange(l),
    whenSettled: () => central.whenSettled(),
    onDiscover: (l) => central.onDiscover(l),
    scanners: () => scanners,
    async startScan(options: BleScanOptions) {
      scanners += 1;
      // every user wants every advert (duplicates, no service filter): the dice source asks the same
      if (scanners === 1) {
        try {
          await central.startScan({ ...options, allowDuplicates: true });
        } catch (e) {
          scanners -= 1;
          throw e;
        }
      }
    },
    async stopScan() {
      if (scanners === 0) return;
      scanners -= 1;
      if (scanners === 0) await central.stopScan();
    },
    close: async () => {},
  };
}
