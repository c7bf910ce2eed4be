// htm bound to Preact's h: components are written as tagged templates, no build step.
import htm from "htm";
import { h } from "preact";

/** `html\`<div class=${c}>${children}</div>\`` → a Preact element. */
export const html = /** @type {(strings: TemplateStringsArray, ...values: any[]) => any} */ (/** @type {any} */ (htm).bind(h));
