import { notYetImplemented } from "../not-yet.ts";

export const ageOfSail = notYetImplemented("age-of-sail", "Age of Sail", "Simple age-of-sail rules with a living 8-point wind, in cm");
