/**
 * The JSON types a report's fields must have before a converter reads them: a name that is a number,
 * a list that is an object, would otherwise fail deep in the conversion (or in the database) instead
 * of being refused with where it is. Only the fields named are looked at; null stands for absent.
 */
export type Shape = 'string' | 'number' | 'integer' | 'boolean' | 'any' | ObjectShape | ArrayShape | UnionShape;
export interface ObjectShape {
  fields: Record<string, Shape>;
}
export interface ArrayShape {
  items: Shape;
}
export interface UnionShape {
  anyOf: Shape[];
}

const MAX_DEPTH = 64;

function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  return `a ${typeof v}`;
}

function expected(shape: Shape): string {
  if (typeof shape === 'string') return shape === 'integer' ? 'a whole number' : `a ${shape}`;
  if ('fields' in shape) return 'an object';
  if ('items' in shape) return 'an array';
  return shape.anyOf.map(expected).join(' or ');
}

function fits(value: unknown, shape: Shape): boolean {
  switch (shape) {
    case 'any':
      return true;
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    // Protocol buffers' JSON writes 64-bit integers as text (older Cucumber messages do).
    case 'integer':
      return (typeof value === 'number' && Number.isInteger(value)) || (typeof value === 'string' && /^-?\d{1,20}$/.test(value));
    default:
      if ('fields' in shape) return value !== null && typeof value === 'object' && !Array.isArray(value);
      if ('items' in shape) return Array.isArray(value);
      return shape.anyOf.some((s) => fits(value, s));
  }
}

/**
 * The first field of `value` that is not of its shape, as "elements.2.name must be a string (it is
 * a number)"; null when every field named by the shape fits. Array items must fit (no null in lists).
 */
export function shapeProblem(value: unknown, shape: Shape, path = '', depth = 0): string | null {
  if (depth > MAX_DEPTH) return `${path || 'the value'} is nested too deeply`;
  if (!fits(value, shape)) return `${path || 'the value'} must be ${expected(shape)} (it is ${kindOf(value)})`;
  if (typeof shape === 'string') return null;
  const at = (key: string) => (path ? `${path}.${key}` : key);
  if ('anyOf' in shape) {
    const matching = shape.anyOf.find((s) => fits(value, s))!;
    return shapeProblem(value, matching, path, depth);
  }
  if ('items' in shape) {
    const list = value as unknown[];
    for (let i = 0; i < list.length; i++) {
      const problem = shapeProblem(list[i], shape.items, at(String(i)), depth + 1);
      if (problem) return problem;
    }
    return null;
  }
  const obj = value as Record<string, unknown>;
  for (const key in shape.fields) {
    if (!Object.hasOwn(obj, key)) continue;
    const field = obj[key];
    if (field === null || field === undefined) continue;
    const problem = shapeProblem(field, shape.fields[key], at(key), depth + 1);
    if (problem) return problem;
  }
  return null;
}
