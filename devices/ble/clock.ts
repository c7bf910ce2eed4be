/** The device layer's one clock lives in `../common/clock.ts`; this path stays for the host's `scan-ble` command. */
export { type Clock, sleep, systemClock, type TimerHandle, withTimeout } from "../common/clock.ts";
