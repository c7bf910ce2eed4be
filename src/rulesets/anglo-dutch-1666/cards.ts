/**
 * Example ship cards: the text's Antelope and Pelican ("Example ship cards") and Appendix 1's worked examples.
 * Request-ready ship JSON (docs/reference/request-result.md), for scenarios, tests and the display's demo.
 */

/** "Ship Name: Antelope (52 guns)", Hull Points (22), Fire Pts. 4 / 3 / 2 / 1, Movement -1 / -2 / disabled / sunk. */
export const ANTELOPE = {
  id: "antelope",
  name: "Antelope",
  side: "english",
  nation: "english",
  guns: 52,
  hullPoints: 22,
  firePoints: 4,
  fireByStep: [4, 3, 2, 1],
  handling: "normal",
  squadron: "red",
} as const;

/** "Ship Name: Pelican (36 guns) Handy, Fast", Hull Points (12), Fire Pts. 1½ / 1 / ½, Movement -1 / -2, H F / sunk. */
export const PELICAN = {
  id: "pelican",
  name: "Pelican",
  side: "english",
  nation: "english",
  guns: 36,
  hullPoints: 12,
  firePoints: 1.5,
  fireByStep: [1.5, 1, 0.5],
  handling: "fast-handy",
  squadron: "red",
} as const;

/** Appendix 1: "Royal Sovereign … 1,500 tons = 45 hull points, 106 guns, … = 11 fire points … does not count as unhandy." */
export const ROYAL_SOVEREIGN = {
  id: "royal-sovereign",
  name: "Royal Sovereign",
  side: "english",
  nation: "english",
  guns: 106,
  hullPoints: 45,
  firePoints: 11,
  handling: "normal",
  squadron: "red",
  flagship: true,
} as const;

/** Appendix 1: "Royal Katherine, 1108 tons, 76 guns … = 33 hull points and 8 fire points … would count unhandy." */
export const ROYAL_KATHERINE = {
  id: "royal-katherine",
  name: "Royal Katherine",
  side: "english",
  nation: "english",
  guns: 76,
  hullPoints: 33,
  firePoints: 8,
  handling: "unhandy",
  squadron: "white",
  flagship: true,
} as const;

/** Appendix 1: "Zeven Provincen, tons? , 80 guns, (broadside weight 745 lb) = 30 hull points and 7 ½ fire points". */
export const ZEVEN_PROVINCIEN = {
  id: "zeven-provincien",
  name: "Zeven Provincien",
  side: "dutch",
  nation: "dutch",
  guns: 80,
  hullPoints: 30,
  firePoints: 7.5,
  handling: "normal",
  squadron: "maas",
  flagship: true,
} as const;

export const EXAMPLE_SHIPS = [ANTELOPE, PELICAN, ROYAL_SOVEREIGN, ROYAL_KATHERINE, ZEVEN_PROVINCIEN] as const;
