/**
 * The `quarterdeck start` row of the command list (commands/index.ts), in a file of its own: the start's own bundle
 * (dist/host/cli/start.cjs, run with V8's code cache by bin/quarterdeck.mjs) is built from this row alone, so it holds
 * the start path and not every other command.
 */
import { type CommandSpec, str } from "../command-spec.ts";

export const START_COMMAND: CommandSpec = {
  name: "start",
  synopsis:
    "quarterdeck start [--config FILE] [--sim [hci|empty]] [--sim-faults RATE] [--scenario NAME] [--port N] [--host ADDR] [--data DIR] [--allow-host NAME]... [--tls-cert FILE --tls-key FILE] [--log-level L] [--log-json]",
  help: `Runs the table host and prints the display, control and devices URLs. Runs until Ctrl-C.

  --config FILE    the table's configuration (YAML); without it, a demo with every device emulated
  --sim            with --config: emulate every device instead of using the configured hardware; a file with a
                   devices section (even devices: {}) plays its devices and those added on /devices over the
                   demo's emulated dice, readers, pad and dial, found and added from /devices
  --sim-faults RATE  emulated dice only: drop, garble and repeat each die message at RATE (0 to 0.5)
  --sim hci        the demo's dice through the real Bluetooth stack: noble over an emulated HCI controller (socat)
  --sim empty      the table with no devices, the demo's emulated ones within reach: add them from /devices
  --scenario NAME  the bundled demo to play (default sole-bay-1672; also quickfire, anglo-dutch-1666,
                   wsim-battle-v3, age-of-sail)
  --port N         port to listen on (default 7420)
  --host ADDR      address to listen on (default 127.0.0.1; phones are let in from /devices, or 0.0.0.0 here)
  --data DIR       where the game file and the access token are kept (default ./data)
  --allow-host NAME  a further host name the table answers to (besides loopback names, IP addresses and this
                   machine's name); may be given more than once
  --tls-cert FILE  with --tls-key: serve HTTPS with this certificate (PEM)
  --tls-key FILE   the certificate's private key (PEM)
  --log-level L    fatal, error, warn, info (default, or $LOG_LEVEL), debug, trace or silent
  --log-json       log JSON lines even on a terminal (they are JSON whenever stderr is not a terminal)`,
  options: {
    config: { type: "string" },
    sim: { type: "boolean" },
    scenario: { type: "string" },
    port: { type: "string" },
    host: { type: "string" },
    data: { type: "string" },
    "allow-host": { type: "string", multiple: true },
    "tls-cert": { type: "string" },
    "tls-key": { type: "string" },
    "sim-faults": { type: "string" },
    "log-level": { type: "string" },
    "log-json": { type: "boolean" },
  },
  maxPositionals: 1,
  run: async ({ values, positionals }) =>
    (await import("./start.ts")).runStart(
      {
        config: str(values.config),
        sim: values.sim === true,
        scenario: str(values.scenario),
        port: str(values.port),
        host: str(values.host),
        data: str(values.data),
        "allow-host": Array.isArray(values["allow-host"]) ? values["allow-host"] : undefined,
        "tls-cert": str(values["tls-cert"]),
        "tls-key": str(values["tls-key"]),
        "sim-faults": str(values["sim-faults"]),
        logLevel: str(values["log-level"]),
        logJson: values["log-json"] === true,
      },
      positionals,
    ),
};
