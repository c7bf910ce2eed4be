import { notYetImplemented } from "../not-yet.ts";

export const angloDutch1666 = notYetImplemented("anglo-dutch-1666", "Anglo-Dutch 1666", "Anglo-Dutch wars 1652–74 on a hex cloth");
