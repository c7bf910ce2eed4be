// Keeps the display's screen awake while the page is shown (Screen Wake Lock API), asking again when the page
// comes back into view; browsers without it, or refusing it, simply let the screen sleep as before.
import { useEffect } from "preact/hooks";

export function useScreenAwake() {
  useEffect(() => {
    let lock = null;
    const ask = async () => {
      if (!("wakeLock" in navigator) || document.visibilityState !== "visible" || (lock && !lock.released)) return;
      try {
        lock = await navigator.wakeLock.request("screen");
        document.body.dataset.wakeLock = "held";
        lock.addEventListener("release", () => {
          document.body.dataset.wakeLock = "released";
        });
      } catch {
        document.body.dataset.wakeLock = "refused";
      }
    };
    ask();
    document.addEventListener("visibilitychange", ask);
    // some browsers grant the lock only after a person has touched the page
    document.addEventListener("pointerdown", ask);
    return () => {
      document.removeEventListener("visibilitychange", ask);
      document.removeEventListener("pointerdown", ask);
      lock?.release();
    };
  }, []);
}
