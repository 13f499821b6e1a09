/**
 * How the API schemas refer to each other: a schema with an `$id` is a component (registered with
 * the server once, `#/components/schemas/<id>` in the OpenAPI document); other schemas point at it
 * with `ref(component)`, which keeps the component's static type for routes, services and the
 * renderer.
 */
import { Type, type Static, type TObject, type TSchema, type TUnsafe } from 'typebox';

/** A `$ref` to a component schema (one made with an `$id`), typed as the component. */
export function ref<T extends TSchema>(component: T): TUnsafe<Static<T>> {
  const id = (component as { $id?: unknown }).$id;
  if (typeof id !== 'string') throw new TypeError('ref() needs a schema with an $id');
  return Type.Unsafe<Static<T>>({ $ref: `${id}#` });
}

/**
 * The keys of `value` that `shape` declares, in the shape's order: how a detailed record becomes
 * the reference's exact answer (CONTRACT.md "REST API": no extra keys by default), with the key
 * list taken from the one schema instead of written out again.
 */
export function pickDeclared<T extends TObject>(shape: T, value: object): Static<T> {
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(shape.properties)) if (source[key] !== undefined) out[key] = source[key];
  return out as Static<T>;
}
