/** The process entry of `quarterdeck`: bin/quarterdeck.mjs runs its compiled form, `npm run dev` this file through tsx. */
import { main } from "./main.ts";

await main(process.argv.slice(2));
