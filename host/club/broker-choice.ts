/**
 * Which broker the club board hears tables through: an external one (Mosquitto, as an MQTT client with a persistent
 * session) or the one it embeds, started here. The board's `club` narrows either to one club's tables.
 */
import type { Logger } from "pino";
import { type BrokerAccount, EmbeddedBroker } from "./embedded-broker.ts";
import { brokerSource, type MessageSource, type OnMessage } from "./sources.ts";

/** The board's broker, as `quarterdeck club` is told it. */
export type ClubBrokerChoice =
  | {
      readonly kind: "external";
      readonly url: string;
      readonly ca?: string;
      readonly cert?: string;
      readonly key?: string;
      /** The board's MQTT client id (default `quarterdeck-club-<club>`): its persistent session is kept under it. */
      readonly clientId?: string;
    }
  | { readonly kind: "embedded"; readonly host?: string; readonly port?: number; readonly accounts?: readonly BrokerAccount[] };

/** The source of table messages the choice names; the embedded broker too, when it is one (started: it throws if it cannot listen). */
export async function openClubSource(
  choice: ClubBrokerChoice,
  club: string | undefined,
  logger: Logger,
  onMessage: OnMessage,
): Promise<{ readonly source: MessageSource; readonly embedded: EmbeddedBroker | null }> {
  if (choice.kind === "embedded") {
    const embedded = new EmbeddedBroker(
      {
        host: choice.host ?? "127.0.0.1",
        port: choice.port ?? 1883,
        club,
        logger,
        ...(choice.accounts ? { accounts: choice.accounts } : {}),
      },
      onMessage,
    );
    await embedded.start();
    return { source: embedded, embedded };
  }
  const source = brokerSource(
    {
      url: choice.url,
      club,
      ca: choice.ca,
      cert: choice.cert,
      key: choice.key,
      logger,
      ...(choice.clientId ? { clientId: choice.clientId } : {}),
    },
    onMessage,
  );
  return { source, embedded: null };
}
