/** Rewrites answers.json from the rules as they are now (see answers.ts: only when a rule really changed). */
import { writeFileSync } from "node:fs";
import { catalogues, corpusAnswers } from "./answers.ts";

const file = new URL("./answers.json", import.meta.url);
writeFileSync(file, `${JSON.stringify({ catalogues: catalogues(), answers: corpusAnswers() }, null, 1)}\n`);
console.log(`wrote ${file.pathname}`);
