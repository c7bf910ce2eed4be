/** The display fits its content in wsim-battle-v3's demo (display-fit.ts says what is checked). */
import { describeDisplayFit } from "./display-fit.ts";

describeDisplayFit("wsim-battle-v3");
