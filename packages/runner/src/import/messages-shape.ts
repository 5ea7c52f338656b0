import { createRequire } from 'node:module';
import { shapeProblem, type Shape } from './json-shape.ts';

/**
 * The JSON types of Cucumber messages, from the protocol's own JSON schema (@cucumber/messages):
 * what a message's fields must be before the import reads them. Only types are checked (not required
 * fields, enums or unknown fields), so that older protocol versions and other implementations' extra
 * fields still pass; 64-bit integers may be text, as protocol buffers' JSON writes them.
 */

interface JsonSchema {
  $id?: string;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  definitions?: Record<string, JsonSchema>;
  type?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
}

const SCHEMA_BASE = 'https://cucumber.io/schema/';

function compile(root: JsonSchema): Shape {
  const files = root.$defs ?? {};
  const compiled = new Map<string, Shape>();
  // A definition is compiled once, and registered before its fields: one that refers to itself gets the same (cyclic) object.
  const named = (key: string, schema: JsonSchema, file: JsonSchema): Shape => {
    let shape = compiled.get(key);
    if (shape) return shape;
    if (schema.type !== 'object' && !schema.properties) {
      shape = of(schema, file);
      compiled.set(key, shape);
      return shape;
    }
    const fields: Record<string, Shape> = {};
    compiled.set(key, { fields });
    for (const [name, prop] of Object.entries(schema.properties ?? {})) fields[name] = of(prop, file);
    return compiled.get(key)!;
  };
  const of = (schema: JsonSchema, file: JsonSchema): Shape => {
    if (schema.$ref?.startsWith('#/definitions/')) {
      const name = schema.$ref.slice('#/definitions/'.length);
      return named(`${file.$id}#${name}`, file.definitions![name], file);
    }
    if (schema.$ref) {
      const target = files[SCHEMA_BASE + schema.$ref.replace(/^\.\//, '')];
      return target ? named(target.$id!, target, target) : 'any';
    }
    switch (schema.type) {
      case 'string':
      case 'boolean':
      case 'integer':
      case 'number':
        return schema.type;
      case 'array':
        return { items: schema.items ? of(schema.items, file) : 'any' };
      case 'object':
        return { fields: Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, prop]) => [name, of(prop, file)])) };
      default:
        return 'any';
    }
  };
  return named('envelope', root, root);
}

let envelopeShape: Shape | null = null;

/** The first field of a message that is not of the protocol's type ("pickle.name must be a string (it is a number)"), or null. */
export function envelopeProblem(envelope: unknown): string | null {
  envelopeShape ??= compile(createRequire(import.meta.url)('@cucumber/messages/schema') as JsonSchema);
  return shapeProblem(envelope, envelopeShape);
}
