import { notYetImplemented } from "../not-yet.ts";

export const quickfire = notYetImplemented("quickfire", "Quickfire", "Quickfire pre-dreadnought naval rules, c. 1890–1905");
