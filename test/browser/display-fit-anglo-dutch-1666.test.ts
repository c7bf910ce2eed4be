/** The display fits its content in anglo-dutch-1666's demo (display-fit.ts says what is checked). */
import { describeDisplayFit } from "./display-fit.ts";

describeDisplayFit("anglo-dutch-1666");
