/**
 * A JSON Schema (TypeBox's or OpenAPI's) written as a markdown list of fields, for the generated interface
 * reference: each field's name, type, whether it may be left out, its bounds and description, nested to a depth.
 */

/** The parts of a JSON Schema the reference reads. */
export interface SchemaNode {
  readonly type?: string | readonly string[];
  readonly properties?: Readonly<Record<string, SchemaNode>>;
  readonly required?: readonly string[];
  readonly items?: SchemaNode;
  readonly anyOf?: readonly SchemaNode[];
  readonly oneOf?: readonly SchemaNode[];
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly description?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly pattern?: string;
  readonly default?: unknown;
  readonly additionalProperties?: boolean | SchemaNode;
  readonly $ref?: string;
}

const literal = (v: unknown): string => `\`${JSON.stringify(v)}\``;

/** A one-line type: `string`, `integer 1–6`, `"a" | "b"`, `array of object`. */
export function typeOf(s: SchemaNode): string {
  if (s.$ref) return `see \`${s.$ref.replace(/^#\/components\/schemas\//, "")}\``;
  if (s.const !== undefined) return literal(s.const);
  if (s.enum) return s.enum.map(literal).join(" \\| ");
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return alternatives.map(typeOf).join(" \\| ");
  const t = typeof s.type === "string" ? s.type : (s.type?.join(" or ") ?? "any");
  if (t === "array") return `array of ${s.items ? typeOf(s.items) : "any"}`;
  if (t === "object" && !s.properties && typeof s.additionalProperties === "object") {
    return `map of ${typeOf(s.additionalProperties)}`;
  }
  return t;
}

/** Bounds and defaults in words: `1–6`, `at most 200 characters`, `default 7420`. */
export function boundsOf(s: SchemaNode): string[] {
  const out: string[] = [];
  if (s.minimum !== undefined || s.maximum !== undefined) out.push(`${s.minimum ?? "…"}–${s.maximum ?? "…"}`);
  if (s.minLength !== undefined && s.minLength > 0) out.push(`at least ${s.minLength} character${s.minLength === 1 ? "" : "s"}`);
  if (s.maxLength !== undefined) out.push(`at most ${s.maxLength} characters`);
  if (s.minItems !== undefined && s.minItems > 0) out.push(`at least ${s.minItems} entr${s.minItems === 1 ? "y" : "ies"}`);
  if (s.maxItems !== undefined) out.push(`at most ${s.maxItems} entries`);
  if (s.pattern !== undefined) out.push(`matching \`${s.pattern}\``);
  if (s.default !== undefined) out.push(`default ${literal(s.default)}`);
  return out;
}

/** The object's fields as a nested markdown list (`maxDepth` levels of nesting; deeper objects are named only). */
export function fieldList(s: SchemaNode, maxDepth = 3, indent = ""): string {
  const target = s.type === "array" && s.items ? s.items : s;
  const branch = (target.anyOf ?? target.oneOf)?.find((b) => b.properties);
  const node = target.properties ? target : (branch ?? target);
  if (!node.properties) return "";
  const required = new Set(node.required ?? []);
  return Object.entries(node.properties)
    .map(([name, field]) => {
      const notes = [typeOf(field), ...boundsOf(field), ...(required.has(name) ? [] : ["optional"])].join(", ");
      const description = field.description ? ` — ${field.description.replace(/\s+/g, " ")}` : "";
      const line = `${indent}- \`${name}\` (${notes})${description}`;
      const nested = maxDepth > 1 ? fieldList(field, maxDepth - 1, `${indent}  `) : "";
      return nested ? `${line}\n${nested}` : line;
    })
    .join("\n");
}
