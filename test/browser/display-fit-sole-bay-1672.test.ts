/** The display fits its content in sole-bay-1672's demo (display-fit.ts says what is checked). */
import { describeDisplayFit } from "./display-fit.ts";

describeDisplayFit("sole-bay-1672");
