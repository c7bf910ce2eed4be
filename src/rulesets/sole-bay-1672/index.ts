import { notYetImplemented } from "../not-yet.ts";

export const soleBay1672 = notYetImplemented("sole-bay-1672", "Sole Bay 1672", "Fast Play Naval Rules for the Battle of Sole Bay, 1672");
