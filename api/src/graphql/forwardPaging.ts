import type { FieldRef, SchemaTypes } from '@pothos/core';

/**
 * Takes `last` and `before` off a connection field, which the relay plugin gives every connection: the domain's
 * keyset pages run forward only, so such a list offers `first` and `after` and no argument it would refuse.
 */
export function pagedForward<Types extends SchemaTypes, T>(field: FieldRef<Types, T>): FieldRef<Types, T> {
  field.updateConfig(({ args: { before: _before, last: _last, ...args }, ...config }) => ({ ...config, args }));
  return field;
}
