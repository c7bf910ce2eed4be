// The serial port firmata opens by itself when it is given a path (firmata/lib/com.js requires serialport as it is
// loaded), in the bundles only (scripts/build.mjs). quarterdeck's wind dial always hands johnny-five an open port
// (devices/wind-dial/five.ts: serialport's own, or the emulated one), so this is never used; the real serialport,
// with its native binding, is then loaded only where a real port is opened. If it ever were used, it says so.
class FirmataOwnPort {
  constructor() {
    throw new Error("firmata's own serial port is not in the bundle: give johnny-five an open port (devices/wind-dial/five.ts)");
  }
  static list() {
    return Promise.resolve([]);
  }
}
FirmataOwnPort.SerialPort = FirmataOwnPort;
module.exports = FirmataOwnPort;
