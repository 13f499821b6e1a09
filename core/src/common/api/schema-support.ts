/**
 * How the API schemas refer to each other: a schema with an `$id` is a component (registered with
 * the server once, `#/components/schemas/<id>` in the OpenAPI document); other schemas point at it
 * with `ref(component)`, which keeps the component's static type for routes, services and the
 * renderer.
 */
import { Type, type Static, type TSchema, type TUnsafe } from 'typebox';

/** A `$ref` to a component schema (one made with an `$id`), typed as the component. */
export function ref<T extends TSchema>(component: T): TUnsafe<Static<T>> {
  const id = (component as { $id?: unknown }).$id;
  if (typeof id !== 'string') throw new TypeError('ref() needs a schema with an $id');
  return Type.Unsafe<Static<T>>({ $ref: `${id}#` });
}
