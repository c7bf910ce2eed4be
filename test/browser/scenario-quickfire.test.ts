/** quickfire in a browser, played to a result, then every page in the players' words (scenario-play.ts says what is checked). */
import { describeScenario } from "./scenario-play.ts";

describeScenario("quickfire");
