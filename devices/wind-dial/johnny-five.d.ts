// johnny-five 2.1 ships no type declarations; five.ts types the slice the dial uses.
declare module "johnny-five";
