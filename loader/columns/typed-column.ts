// A numeric Arrow column as the typed array the engine takes: the column's own buffer (a
// view of the bytes read from a column file, no copy) when it is one chunk of that array
// type without nulls, else a copy.

import type { Vector } from 'apache-arrow';

type NumberArray = Uint8Array | Uint32Array | Int32Array | Float64Array;
export interface TypedArrayType<T extends NumberArray> {
  new (length: number): T;
  from(values: ArrayLike<number>): T;
}

export function typedColumn<T extends NumberArray>(vector: Vector, type: TypedArrayType<T>): T {
  if (vector.nullCount > 0) throw new RangeError('a numeric column holds nulls');
  if (vector.data.length === 1) {
    const { values, offset, length } = vector.data[0];
    if (values instanceof type) return values.subarray(offset, offset + length) as T;
  }
  return type.from(vector.toArray() as ArrayLike<number>);
}
