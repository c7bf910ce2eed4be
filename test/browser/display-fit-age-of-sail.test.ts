/** The display fits its content in age-of-sail's demo (display-fit.ts says what is checked). */
import { describeDisplayFit } from "./display-fit.ts";

describeDisplayFit("age-of-sail");
