// johnny-five 2.1 ships no type declarations; five.ts types the slice the dial uses (its Board and Servo files).
declare module "johnny-five";
declare module "johnny-five/lib/board.js";
declare module "johnny-five/lib/servo.js";
