/** The display fits its content in quickfire's demo (display-fit.ts says what is checked). */
import { describeDisplayFit } from "./display-fit.ts";

describeDisplayFit("quickfire");
