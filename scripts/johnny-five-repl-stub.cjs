// Node's REPL as johnny-five's lib/repl.js requires it as it is loaded, in the bundles only (scripts/build.mjs):
// quarterdeck's wind dial runs every board with `repl: false` (devices/wind-dial/driver.ts), so it is never started,
// and Node's REPL (with its JavaScript parser) is not compiled at every start. If it ever were started, it says so.
module.exports = {
  start() {
    throw new Error("johnny-five's REPL is not in the bundle: boards run with repl: false (devices/wind-dial/driver.ts)");
  },
};
